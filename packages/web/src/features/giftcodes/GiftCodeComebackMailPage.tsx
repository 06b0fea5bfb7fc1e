import {
  type ConditionRule,
  GIFT_CODE_PLACEHOLDER,
  giftCodeComebackMailBodySchema,
  giftCodeEndpoints,
  MAX_COMEBACK_CODE_MAILS,
  pathTo,
} from '@rookery/contracts';
import { Alert, App, Button, Card, Descriptions, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpoint-query';
import { useConfirm } from '../../crud/Consequence';
import { formatNumber, formatTime } from '../../crud/format';
import { IsoDateTimeInput } from '../../crud/IsoDateTimeInput';
import { ignoreEnter } from '../../crud/ignore-enter';
import { NumberInput } from '../../crud/schema-fields';
import { useHoldConfirm } from '../../crud/TypeToConfirm';
import { useSchemaForm } from '../../crud/useSchemaForm';
import { ConditionsEditor } from '../shared/ConditionsEditor';
import './texts';

interface Audience {
  batchId: number;
  notLoginDays?: number;
  conditions: ConditionRule[];
  expireAt: string;
}

/** The confirmation's figures, counted by the server now: players selected, codes left, who gets none. */
function ComebackConfirmation({ body }: { body: Audience }) {
  const { t } = useTranslation();
  const preview = useEndpointQuery(
    giftCodeEndpoints.previewGiftCodeComebackMail,
    { body: { batchId: body.batchId, notLoginDays: body.notLoginDays, conditions: body.conditions } },
    { retry: false },
  );
  const p = preview.data;
  useHoldConfirm(!p || p.sent === 0);
  if (!p) return <div>{t('giftCode.comeback.counting')}</div>;
  return (
    <div data-testid="comeback-confirmation">
      <Descriptions
        column={1}
        size="small"
        items={[
          {
            key: 'players',
            label: t('giftCode.comeback.players'),
            children: t('giftCode.comeback.playersNow', {
              days: body.notLoginDays,
              n: formatNumber(p.players),
              rules: body.conditions.length,
            }),
          },
          { key: 'codesLeft', label: t('giftCode.comeback.codesLeft'), children: formatNumber(p.codesLeft) },
          { key: 'sent', label: t('giftCode.comeback.sent'), children: formatNumber(p.sent) },
          {
            key: 'expireAt',
            label: t('giftCode.comeback.expireAt'),
            children: `${formatTime(body.expireAt)} (UTC ${body.expireAt.slice(0, 16).replace('T', ' ')})`,
          },
        ]}
      />
      {p.withoutCode > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="comeback-without-code"
          title={t('giftCode.comeback.withoutCode', {
            n: formatNumber(p.withoutCode),
            max: formatNumber(MAX_COMEBACK_CODE_MAILS),
          })}
        />
      )}
    </div>
  );
}

/**
 * A comeback mail with codes: players away N days (and matching the conditions) each get a
 * personal mail whose text carries their own code of a unique batch, bound to them at send.
 */
export default function GiftCodeComebackMailPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const send = useEndpointMutation(giftCodeEndpoints.sendGiftCodeComebackMail);
  const confirm = useConfirm();
  const batches = useEndpointQuery(giftCodeEndpoints.listGiftCodeBatches, {
    query: { kind: 'unique', page: 1, pageSize: 1000 },
  }).data?.list;
  const { formProps, submitting, itemProps } = useSchemaForm(giftCodeComebackMailBodySchema, async (body) => {
    const ok = await confirm({
      title: t('giftCode.comeback.confirmTitle'),
      content: <ComebackConfirmation body={body as Audience} />,
      okText: t('giftCode.comeback.send'),
      danger: false,
    });
    if (!ok) return;
    const r = await send.mutateAsync({ body });
    message.success(
      r.withoutCode > 0
        ? t('giftCode.comeback.doneShort', { sent: formatNumber(r.sent), n: formatNumber(r.withoutCode) })
        : t('giftCode.comeback.done', { sent: formatNumber(r.sent) }),
    );
  });
  return (
    <Card title={t('routes.giftCodeComebackMail')} style={{ maxWidth: 960 }}>
      <Alert
        type="info"
        showIcon
        title={t('giftCode.comeback.hint', { placeholder: GIFT_CODE_PLACEHOLDER })}
        style={{ marginBottom: 16 }}
      />
      <Form
        {...formProps}
        layout="vertical"
        onKeyDown={ignoreEnter}
        initialValues={{ conditions: [], notLoginDays: 7, title: {}, content: {} }}
        data-testid="comeback-form"
      >
        <Space size="large" wrap>
          <Form.Item {...itemProps('batchId')} label={t('giftCode.comeback.batch')}>
            <Select
              style={{ width: 320, maxWidth: '100%' }}
              data-testid="comeback-batch"
              showSearch={{ optionFilterProp: 'label' }}
              options={batches?.map((b) => ({
                value: b.id,
                label: `#${b.id} ${b.name} (${formatNumber(b.remaining)})`,
              }))}
            />
          </Form.Item>
          <Form.Item {...itemProps('notLoginDays')} label={t('giftCode.comeback.notLoginDays')}>
            <NumberInput data-testid="comeback-days" />
          </Form.Item>
        </Space>
        <Form.Item label={t('giftCode.conditions')}>
          <ConditionsEditor />
        </Form.Item>
        {(['zh-CN', 'en-US'] as const).map((lang) => (
          <div key={lang}>
            <Form.Item name={['title', lang]} label={t(`giftCode.comeback.title.${lang}`)}>
              <Input style={{ maxWidth: 560 }} data-testid={`comeback-title-${lang}`} />
            </Form.Item>
            <Form.Item name={['content', lang]} label={t(`giftCode.comeback.content.${lang}`)}>
              <Input.TextArea rows={3} style={{ maxWidth: 560 }} data-testid={`comeback-content-${lang}`} />
            </Form.Item>
          </div>
        ))}
        <Form.Item {...itemProps('expireAt')} label={t('giftCode.comeback.expireAt')}>
          <IsoDateTimeInput />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={submitting} data-testid="comeback-submit">
            {t('giftCode.comeback.send')}
          </Button>
          <Link to={pathTo('giftCodeList')}>{t('routes.giftCodeList')}</Link>
        </Space>
      </Form>
    </Card>
  );
}
