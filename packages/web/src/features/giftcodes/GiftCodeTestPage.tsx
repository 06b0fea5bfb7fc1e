import { giftCodeEndpoints, giftCodeTestBodySchema, type RedeemOutcome } from '@rookery/contracts';
import { Alert, Button, Card, Descriptions, Form, Input, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '../../api/endpoint-query';
import { formatTime } from '../../crud/format';
import { useSchemaForm } from '../../crud/useSchemaForm';
import { rewardsText } from '../shared/RewardsEditor';
import './texts';

/**
 * Try a code for a player without redeeming: the server runs the real redemption and rolls it
 * back, so the answer is what the player would get, and why.
 */
export default function GiftCodeTestPage() {
  const { t } = useTranslation();
  const test = useEndpointMutation(giftCodeEndpoints.testGiftCode);
  const [outcome, setOutcome] = useState<RedeemOutcome | null>(null);
  const { formProps, submitting, itemProps } = useSchemaForm(giftCodeTestBodySchema, async (body) =>
    setOutcome(await test.mutateAsync({ body })),
  );
  return (
    <Card title={t('giftCode.test.title')} style={{ maxWidth: 720 }}>
      <Alert type="info" showIcon title={t('giftCode.test.hint')} style={{ marginBottom: 16 }} />
      <Form {...formProps} layout="vertical" data-testid="giftcode-test-form">
        <Form.Item {...itemProps('userId')} label={t('giftCode.test.userId')}>
          <Input data-testid="giftcode-test-user" />
        </Form.Item>
        <Form.Item {...itemProps('code')} label={t('giftCode.test.code')}>
          <Input data-testid="giftcode-test-code" />
        </Form.Item>
        <Form.Item {...itemProps('channel')} label={t('giftCode.test.channel')}>
          <Input />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={submitting} data-testid="giftcode-test-run">
          {t('giftCode.test.run')}
        </Button>
      </Form>
      {outcome && (
        <Descriptions
          style={{ marginTop: 24 }}
          title={t('giftCode.test.result')}
          column={1}
          bordered
          size="small"
          data-testid="giftcode-test-result"
          items={[
            {
              key: 'status',
              label: t('giftCode.test.status'),
              children: (
                <Tag color={outcome.status === 'redeemed' ? 'green' : 'red'} data-testid="giftcode-test-status">
                  {t(`giftCode.statuses.${outcome.status}`)}
                </Tag>
              ),
            },
            { key: 'message', label: t('giftCode.test.message'), children: outcome.message },
            ...(outcome.rewards.length > 0
              ? [{ key: 'rewards', label: t('giftCode.test.rewards'), children: rewardsText(outcome.rewards) }]
              : []),
            ...(outcome.retryAt
              ? [{ key: 'retryAt', label: t('giftCode.test.retryAt'), children: formatTime(outcome.retryAt) }]
              : []),
          ]}
        />
      )}
    </Card>
  );
}
