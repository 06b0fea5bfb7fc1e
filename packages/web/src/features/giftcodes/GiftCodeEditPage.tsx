import {
  type GiftCodeBatch,
  giftCodeBatchBodySchema,
  giftCodeEndpoints,
  giftCodeKinds,
  pathTo,
  withFutureEnd,
} from '@rookery/contracts';
import { Alert, App, Button, Descriptions, Form, Input, Progress, Radio, Select, Space, Switch } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useMayCall } from '../../access/useCan';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpoint-query';
import { useConfirmThen } from '../../crud/actions';
import { EditPage } from '../../crud/EditPage';
import { TimeWindowItems } from '../../crud/form-items';
import { formatNumber, formatTime } from '../../crud/format';
import { NumberInput } from '../../crud/schema-fields';
import { ConditionsEditor } from '../shared/ConditionsEditor';
import { platformOptions } from '../shared/platforms';
import { RewardsEditor, rewardsText } from '../shared/RewardsEditor';
import { BatchCodes } from './BatchCodes';
import './texts';

type Body = {
  name?: string;
  kind?: string;
  code?: string;
  totalLimit?: number;
  codeCount?: number;
  rewards?: { kind: string; amount: number }[];
  startAt?: string;
  endAt?: string;
  perPlayerLimit?: number;
};

/** A time in the operator's zone and in UTC. */
const bothZones = (iso?: string) => (iso ? `${formatTime(iso)} (UTC ${iso.slice(0, 16).replace('T', ' ')})` : '-');

function BatchConfirmation({ body, t }: { body: Body; t: TFunction }) {
  const per = body.perPlayerLimit ?? 1;
  return (
    <Descriptions
      column={1}
      size="small"
      data-testid="giftcode-confirmation"
      items={[
        { key: 'what', label: t('giftCode.confirm.what'), children: body.name },
        {
          key: 'reach',
          label: t('giftCode.confirm.reach'),
          children:
            body.kind === 'shared'
              ? t('giftCode.confirm.sharedReach', { code: body.code, n: formatNumber(body.totalLimit ?? 0), per })
              : t('giftCode.confirm.uniqueReach', { n: formatNumber(body.codeCount ?? 0), per }),
        },
        { key: 'rewards', label: t('giftCode.confirm.rewards'), children: rewardsText(body.rewards ?? []) },
        {
          key: 'window',
          label: t('giftCode.confirm.window'),
          children: `${bothZones(body.startAt)} → ${bothZones(body.endAt)}`,
        },
      ]}
    />
  );
}

/**
 * Unique batch: how far the job has written its codes. A generation that stopped short (its job
 * cancelled or out of retries) says how many codes exist and offers to resume it or to close the
 * batch at that count.
 */
function Generation({ batch }: { batch: GiftCodeBatch }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const mayCall = useMayCall();
  const confirmThen = useConfirmThen();
  const live =
    useEndpointQuery(
      giftCodeEndpoints.getGiftCodeBatch,
      { params: { id: batch.id } },
      { refetchInterval: (q) => ((q.state.data?.generation ?? batch.generation) === 'running' ? 1000 : false) },
    ).data ?? batch;
  const resume = useEndpointMutation(giftCodeEndpoints.resumeGiftCodeGeneration);
  const close = useEndpointMutation(giftCodeEndpoints.closeGiftCodeGeneration);
  if (live.generation === 'done' || live.generation === 'none') return null;
  const done = formatNumber(live.generated);
  const total = formatNumber(live.total);
  if (live.generation === 'running') {
    return (
      <div data-testid="giftcode-generation">
        <div>{t('giftCode.generating', { done, total })}</div>
        <Progress
          aria-label={t('giftCode.generating', { done, total })}
          percent={Math.floor((live.generated / live.total) * 100)}
        />
      </div>
    );
  }
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="giftcode-generation-stopped"
      style={{ marginBottom: 16 }}
      title={t('giftCode.generationStopped', { done, total })}
      description={t('giftCode.generationStoppedHint', { done })}
      action={
        <Space orientation="vertical">
          <Button
            size="small"
            type="primary"
            data-testid="giftcode-generation-resume"
            disabled={!mayCall(giftCodeEndpoints.resumeGiftCodeGeneration)}
            onClick={() =>
              confirmThen(
                {
                  title: t('giftCode.resumeTitle'),
                  danger: false,
                  rows: [
                    { label: t('giftCode.generated'), value: `${done} / ${total}` },
                    {
                      label: t('giftCode.resume'),
                      value: t('giftCode.resumeEffect', { missing: formatNumber(live.total - live.generated) }),
                    },
                  ],
                  okText: t('giftCode.resume'),
                },
                async () => {
                  await resume.mutateAsync({ params: { id: batch.id } });
                  message.success(t('giftCode.resumed'));
                },
              )
            }
          >
            {t('giftCode.resume')}
          </Button>
          <Button
            size="small"
            danger
            data-testid="giftcode-generation-close"
            disabled={!mayCall(giftCodeEndpoints.closeGiftCodeGeneration)}
            onClick={() =>
              confirmThen(
                {
                  title: t('giftCode.closeTitle', { done }),
                  rows: [
                    { label: t('giftCode.generated'), value: `${done} / ${total}` },
                    { label: t('giftCode.closeGeneration'), value: t('giftCode.closeEffect', { done }) },
                  ],
                  okText: t('giftCode.closeOk', { done }),
                },
                async () => {
                  await close.mutateAsync({ params: { id: batch.id } });
                  message.success(t('giftCode.closed', { done }));
                },
              )
            }
          >
            {t('giftCode.closeGeneration')}
          </Button>
        </Space>
      }
    />
  );
}

/** Create a batch (shared code or unique codes), or edit one (`?id=`); a unique batch lists its codes below. */
export default function GiftCodeEditPage() {
  const { t } = useTranslation();
  return (
    <EditPage
      load={giftCodeEndpoints.getGiftCodeBatch}
      create={giftCodeEndpoints.createGiftCodeBatch}
      update={giftCodeEndpoints.updateGiftCodeBatch}
      // A window that has already ended is refused before the confirmation, as the server refuses it.
      schema={(b) => withFutureEnd(giftCodeBatchBodySchema, ['endAt'], 'giftCode.endInPast', Date.now, b)}
      initialValues={(b) => ({
        name: b?.name,
        description: { 'zh-CN': b?.description['zh-CN'], 'en-US': b?.description['en-US'] },
        kind: b?.kind ?? 'shared',
        code: b?.code ?? undefined,
        totalLimit: b?.kind === 'shared' ? b.total : undefined,
        codeCount: b?.kind === 'unique' ? b.total : undefined,
        rewards: b?.rewards ?? [],
        startAt: b?.startAt,
        endAt: b?.endAt,
        perPlayerLimit: b?.perPlayerLimit ?? 1,
        conditions: b?.conditions ?? [],
        platforms: b?.platforms ?? [],
        channels: b?.channels ?? [],
        enabled: b?.enabled ?? true,
      })}
      title={(b) => (b ? `${t('routes.giftCodeEdit')} #${b.id}` : t('giftCode.create'))}
      backTo={pathTo('giftCodeList')}
      testId="giftcode-form"
      maxWidth={960}
      confirm={(body, b) => ({
        title: b ? t('giftCode.confirm.editTitle', { id: b.id }) : t('giftCode.confirm.createTitle'),
        content: <BatchConfirmation body={body as Body} t={t} />,
        okText: b ? t('giftCode.confirm.save') : t('giftCode.confirm.create'),
      })}
    >
      {({ itemProps, record: b }) => (
        <>
          <Form.Item {...itemProps('name')} label={t('giftCode.name')}>
            <Input data-testid="giftcode-name" />
          </Form.Item>
          <Form.Item {...itemProps('kind')} label={t('giftCode.kind')}>
            <Radio.Group
              disabled={Boolean(b)}
              options={giftCodeKinds.map((k) => ({ value: k, label: t(`giftCode.kinds.${k}`) }))}
              data-testid="giftcode-kind"
            />
          </Form.Item>
          <Form.Item noStyle dependencies={['kind']}>
            {({ getFieldValue }) =>
              getFieldValue('kind') === 'unique' ? (
                <Form.Item {...itemProps('codeCount')} label={t('giftCode.codeCount')}>
                  <NumberInput disabled={Boolean(b)} style={{ width: 200 }} data-testid="giftcode-count" />
                </Form.Item>
              ) : (
                <Space size="large" wrap>
                  <Form.Item {...itemProps('code')} label={t('giftCode.code')}>
                    <Input style={{ width: 260 }} data-testid="giftcode-code" />
                  </Form.Item>
                  <Form.Item {...itemProps('totalLimit')} label={t('giftCode.totalLimit')}>
                    <NumberInput style={{ width: 200 }} data-testid="giftcode-limit" />
                  </Form.Item>
                </Space>
              )
            }
          </Form.Item>
          <Space size="large" wrap>
            <Form.Item name={['description', 'zh-CN']} label={t('giftCode.descriptionZh')}>
              <Input style={{ width: 300 }} />
            </Form.Item>
            <Form.Item name={['description', 'en-US']} label={t('giftCode.descriptionEn')}>
              <Input style={{ width: 300 }} />
            </Form.Item>
          </Space>
          <Form.Item label={t('giftCode.rewards')}>
            <RewardsEditor name="rewards" />
          </Form.Item>
          <TimeWindowItems itemProps={itemProps} labels={[t('giftCode.startAt'), t('giftCode.endAt')]}>
            <Form.Item {...itemProps('perPlayerLimit')} label={t('giftCode.perPlayerLimit')}>
              <NumberInput />
            </Form.Item>
          </TimeWindowItems>
          <Form.Item label={t('giftCode.conditions')}>
            <ConditionsEditor />
          </Form.Item>
          <Space size="large" wrap>
            <Form.Item {...itemProps('platforms')} label={t('giftCode.platforms')} extra={t('giftCode.platformsHint')}>
              <Select mode="multiple" style={{ minWidth: 220 }} options={platformOptions} />
            </Form.Item>
            <Form.Item {...itemProps('channels')} label={t('giftCode.channels')} extra={t('giftCode.channelsHint')}>
              <Select mode="tags" style={{ minWidth: 260 }} open={false} />
            </Form.Item>
            <Form.Item {...itemProps('enabled')} label={t('giftCode.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
          {b?.kind === 'unique' && (
            <>
              <Generation batch={b} />
              <BatchCodes batch={b} />
            </>
          )}
        </>
      )}
    </EditPage>
  );
}
