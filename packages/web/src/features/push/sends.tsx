import {
  type ConditionRule,
  conditionAttributeLabels,
  type PushSendBody,
  type PushSendView,
  parseUserIdLines,
  pathTo,
  pushAudienceKinds,
  pushContentKinds,
  pushSendBodySchema,
  pushSendEndpoints,
  pushSendStateLabels,
  pushSendStates,
  pushTemplateResource,
  pushTimings,
  pushTopicResource,
  routeAuth,
} from '@rookery/contracts';
import { App, Button, Descriptions, Form, Input, Progress, Radio, Space, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../access/useCan';
import { useEndpointCall, useEndpointMutation, useEndpointQuery } from '../../api/endpoint-query';
import { ruleInWords } from '../../crud/change-words';
import { EditPage } from '../../crud/EditPage';
import type { Field } from '../../crud/fields';
import { formatNumber, formatTime } from '../../crud/format';
import { IsoDateTimeInput } from '../../crud/IsoDateTimeInput';
import { ListPage } from '../../crud/ListPage';
import { ResourcePicker } from '../../crud/resource/ResourcePicker';
import { NumberInput } from '../../crud/schema-fields';
import { useHoldConfirm } from '../../crud/TypeToConfirm';
import { currentLocale } from '../../i18n';
import { ConditionsEditor } from '../shared/ConditionsEditor';
import './texts';

const rule = (c: ConditionRule) =>
  `${conditionAttributeLabels[c.attr]?.[currentLocale()] ?? c.attr} ${ruleInWords(c, currentLocale())}`;

/** Whom a send reaches, in words (the list and the confirmation). */
function audienceWords(s: Pick<PushSendBody, 'audience' | 'topic' | 'userIds' | 'conditions'>, t: TFunction) {
  switch (s.audience) {
    case 'all':
      return t('push.send.audienceAll');
    case 'players':
      return t('push.send.audiencePlayers', { n: formatNumber(parseUserIdLines(s.userIds ?? '').ids.length) });
    case 'topic':
      return t('push.send.audienceTopic', { topic: s.topic });
    case 'conditions':
      return (s.conditions ?? []).map(rule).join(t('push.send.and'));
  }
}

/** When a send goes out, in words. */
function timingWords(s: { timing: string; at?: string | null; localTime?: string }, t: TFunction) {
  if (s.timing === 'at' && s.at) return t('push.send.timingAt', { at: formatTime(s.at) });
  if (s.timing === 'local') return t('push.send.timingLocal', { at: (s.localTime ?? '').replace('T', ' ') });
  return t('push.send.timingNow');
}

/** The players and devices the send reaches now; holds the send while counting and when nobody. */
function AudienceCount({ body }: { body: PushSendBody }) {
  const { t } = useTranslation();
  const counted = useEndpointQuery(
    pushSendEndpoints.pushSendAudience,
    { body: { audience: body.audience, userIds: body.userIds, topic: body.topic, conditions: body.conditions } },
    { retry: false },
  );
  useHoldConfirm(counted.isPending || !counted.data || counted.data.devices === 0);
  if (counted.isPending) return <span>{t('push.send.counting')}</span>;
  if (!counted.data) return <Typography.Text type="danger">{t('push.send.countFailed')}</Typography.Text>;
  if (counted.data.devices === 0)
    return (
      <Typography.Text type="danger" data-testid="push-audience-count">
        {t('push.send.nobody')}
      </Typography.Text>
    );
  return (
    <span data-testid="push-audience-count">
      {t('push.send.count', {
        players: formatNumber(counted.data.players),
        devices: formatNumber(counted.data.devices),
      })}
    </span>
  );
}

/** The confirmation's facts: whom (and how many now), what, when, quiet hours, rate. */
function SendConfirmation({ body }: { body: PushSendBody }) {
  const { t } = useTranslation();
  const title =
    body.content === 'template' ? t('push.send.templateNamed', { name: body.template }) : body.titleZh || body.titleEn;
  return (
    <Descriptions column={1} size="small" bordered data-testid="push-send-confirm">
      <Descriptions.Item label={t('push.send.audience')}>{audienceWords(body, t)}</Descriptions.Item>
      <Descriptions.Item label={t('push.send.reaches')}>
        <AudienceCount body={body} />
      </Descriptions.Item>
      <Descriptions.Item label={t('push.send.content')}>{title}</Descriptions.Item>
      <Descriptions.Item label={t('push.send.timing')}>{timingWords(body, t)}</Descriptions.Item>
      {body.quietStart && (
        <Descriptions.Item label={t('push.send.quiet')}>
          {t('push.send.quietValue', { start: body.quietStart, end: body.quietEnd })}
        </Descriptions.Item>
      )}
      <Descriptions.Item label={t('push.send.rate')}>
        {t('push.send.rateValue', { n: formatNumber(body.ratePerSecond) })}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** The test send: the form's content now, to the listed players only. */
function TestSend() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const form = Form.useFormInstance();
  const testSend = useEndpointMutation(pushSendEndpoints.testPushSend);
  const run = async () => {
    const parsed = pushSendBodySchema.safeParse(form.getFieldsValue(true));
    if (!parsed.success) {
      await form.validateFields();
      return;
    }
    const sent = await testSend.mutateAsync({ body: parsed.data }).catch(() => undefined);
    if (sent) message.success(t('push.send.testSent', { id: sent.id }));
  };
  return (
    <Space align="start" wrap>
      <Form.Item name="testUserIds" label={t('push.send.testUserIds')} extra={t('push.send.testHint')}>
        <Input.TextArea rows={2} style={{ width: 260 }} data-testid="push-test-ids" />
      </Form.Item>
      <Button onClick={() => void run()} data-testid="push-test-send" style={{ marginTop: 30 }}>
        {t('push.send.testButton')}
      </Button>
    </Space>
  );
}

/** `/push/send`: whom, what, when; the one confirmation states the audience and its size. */
export function PushSendPage() {
  const { t } = useTranslation();
  const choices = <T extends string>(values: readonly T[], prefix: string) =>
    values.map((v) => ({ value: v, label: t(`${prefix}.${v}`) }));
  return (
    <EditPage
      // A send is made, never edited: the page only creates (it has no record to load).
      load={pushSendEndpoints.getPushSend}
      create={pushSendEndpoints.createPushSend}
      update={pushSendEndpoints.createPushSend}
      schema={() => pushSendBodySchema}
      initialValues={() => ({
        audience: 'all',
        content: 'text',
        timing: 'now',
        userIds: '',
        topic: '',
        conditions: [],
        template: '',
        titleZh: '',
        bodyZh: '',
        titleEn: '',
        bodyEn: '',
        localTime: '',
        quietStart: '',
        quietEnd: '',
        ratePerSecond: 1000,
        testUserIds: '',
      })}
      title={() => t('push.send.title')}
      backTo={pathTo('pushList')}
      submitText={() => t('push.send.submit')}
      doneText={() => t('push.send.done')}
      testId="push-send-form"
      maxWidth={960}
      confirm={(body) => ({
        title: t('push.send.confirmTitle', { name: body.name }),
        content: <SendConfirmation body={body} />,
        okText: t('push.send.confirmOk'),
        danger: false,
        width: 640,
      })}
    >
      {({ itemProps }) => (
        <>
          <Form.Item {...itemProps('name')} label={t('push.send.name')}>
            <Input style={{ maxWidth: 360 }} data-testid="push-send-name" />
          </Form.Item>
          <Form.Item {...itemProps('audience')} label={t('push.send.audience')}>
            <Radio.Group options={choices(pushAudienceKinds, 'push.send.audiences')} data-testid="push-audience" />
          </Form.Item>
          <Form.Item noStyle dependencies={['audience']}>
            {({ getFieldValue }) => (
              <>
                {getFieldValue('audience') === 'players' && (
                  <Form.Item {...itemProps('userIds')} label={t('push.send.userIds')}>
                    <Input.TextArea rows={4} style={{ maxWidth: 360 }} data-testid="push-user-ids" />
                  </Form.Item>
                )}
                {getFieldValue('audience') === 'topic' && (
                  <Form.Item {...itemProps('topic')} label={t('push.send.topic')}>
                    <ResourcePicker resource={pushTopicResource} style={{ width: 280 }} testId="push-topic" />
                  </Form.Item>
                )}
                {getFieldValue('audience') === 'conditions' && (
                  <Form.Item {...itemProps('conditions')} label={t('push.send.conditions')}>
                    <ConditionsEditor />
                  </Form.Item>
                )}
              </>
            )}
          </Form.Item>
          <Form.Item {...itemProps('content')} label={t('push.send.content')}>
            <Radio.Group options={choices(pushContentKinds, 'push.send.contents')} data-testid="push-content" />
          </Form.Item>
          <Form.Item noStyle dependencies={['content']}>
            {({ getFieldValue }) =>
              getFieldValue('content') === 'template' ? (
                <Form.Item {...itemProps('template')} label={t('push.send.template')}>
                  <ResourcePicker resource={pushTemplateResource} style={{ width: 280 }} testId="push-template" />
                </Form.Item>
              ) : (
                <>
                  <Space wrap size="large">
                    <Form.Item {...itemProps('titleZh')} label={t('push.send.titleZh')}>
                      <Input style={{ maxWidth: 300 }} data-testid="push-title-zh" />
                    </Form.Item>
                    <Form.Item {...itemProps('titleEn')} label={t('push.send.titleEn')}>
                      <Input style={{ maxWidth: 300 }} data-testid="push-title-en" />
                    </Form.Item>
                  </Space>
                  <Form.Item
                    {...itemProps('bodyZh')}
                    label={t('push.send.bodyZh')}
                    extra={t('push.template.variablesHint')}
                  >
                    <Input.TextArea rows={2} data-testid="push-body-zh" />
                  </Form.Item>
                  <Form.Item {...itemProps('bodyEn')} label={t('push.send.bodyEn')}>
                    <Input.TextArea rows={2} data-testid="push-body-en" />
                  </Form.Item>
                </>
              )
            }
          </Form.Item>
          <Form.Item {...itemProps('timing')} label={t('push.send.timing')}>
            <Radio.Group options={choices(pushTimings, 'push.send.timings')} data-testid="push-timing" />
          </Form.Item>
          <Form.Item noStyle dependencies={['timing']}>
            {({ getFieldValue }) => (
              <>
                {getFieldValue('timing') === 'at' && (
                  <Form.Item {...itemProps('at')} label={t('push.send.at')}>
                    <IsoDateTimeInput />
                  </Form.Item>
                )}
                {getFieldValue('timing') === 'local' && (
                  <Form.Item
                    {...itemProps('localTime')}
                    label={t('push.send.localTime')}
                    extra={t('push.send.localHint')}
                  >
                    <Input style={{ width: 220 }} placeholder="2026-12-01T20:00" data-testid="push-local-time" />
                  </Form.Item>
                )}
              </>
            )}
          </Form.Item>
          <Space wrap size="large">
            <Form.Item {...itemProps('quietStart')} label={t('push.send.quietStart')} extra={t('push.send.quietHint')}>
              <Input style={{ width: 120 }} placeholder="22:00" data-testid="push-quiet-start" />
            </Form.Item>
            <Form.Item {...itemProps('quietEnd')} label={t('push.send.quietEnd')}>
              <Input style={{ width: 120 }} placeholder="08:00" data-testid="push-quiet-end" />
            </Form.Item>
            <Form.Item {...itemProps('ratePerSecond')} label={t('push.send.rate')}>
              <NumberInput style={{ width: 160 }} data-testid="push-rate" />
            </Form.Item>
          </Space>
          <TestSend />
        </>
      )}
    </EditPage>
  );
}

const stateColors = { scheduled: 'blue', sending: 'gold', done: 'green', cancelled: 'default', failed: 'red' } as const;

/** The history's columns: what, whom, when, its state and progress. */
const sendFields: Field<PushSendView>[] = [
  { name: 'id', title: 'push.send.id', width: 80 },
  {
    name: 'name',
    title: 'push.send.name',
    render: (row, t) => (row.test ? `${row.name} (${t('push.send.test')})` : row.name),
  },
  {
    name: 'audience',
    title: 'push.send.audience',
    render: (row, t) =>
      row.audience === 'players'
        ? t('push.send.audiencePlayers', { n: formatNumber(row.userIdCount) })
        : audienceWords({ ...row, userIds: '', conditions: row.conditions as ConditionRule[] }, t),
  },
  { name: 'timing', title: 'push.send.timing', render: (row, t) => timingWords(row, t) },
  {
    name: 'state',
    title: 'push.send.state',
    search: 'select',
    options: pushSendStates.map((value) => ({ value, label: pushSendStateLabels[value], color: stateColors[value] })),
  },
  {
    name: 'sent',
    title: 'push.send.progress',
    render: (row, t) => (
      <Space orientation="vertical" size={0} style={{ minWidth: 160 }}>
        <Progress
          percent={row.zones === 0 ? 0 : Math.round((100 * row.zonesDone) / row.zones)}
          size="small"
          aria-label={t('push.send.zonesDone', { done: row.zonesDone, zones: row.zones })}
        />
        <span>{t('push.send.sentOf', { sent: formatNumber(row.sent), targeted: formatNumber(row.targeted) })}</span>
      </Space>
    ),
  },
  { name: 'lateZones', title: 'push.send.lateZones', kind: 'number', column: false },
  { name: 'failed', title: 'push.send.failed', kind: 'number', column: false },
  { name: 'invalidTokens', title: 'push.send.invalidTokens', kind: 'number', column: false },
  {
    name: 'error',
    title: 'push.send.error',
    column: false,
    // The provider's own error code (FCM's), said as such: it is what its documentation names.
    render: (row, t) => (row.error ? t('push.send.errorText', { code: row.error }) : '-'),
  },
  { name: 'nextAt', title: 'push.send.nextAt', kind: 'time' },
  { name: 'createdBy', title: 'push.send.createdBy' },
  { name: 'createdAt', title: 'push.send.createdAt', kind: 'time' },
];

/** `/push/list`: every send with its state and counts; cancel while scheduled or sending. */
export function PushListPage() {
  const { t } = useTranslation();
  const call = useEndpointCall();
  const navigate = useNavigate();
  const can = useCan();
  const canSend = can(routeAuth('pushSend'));
  return (
    <ListPage
      endpoint={pushSendEndpoints.listPushSends}
      fields={sendFields}
      paging="keyset"
      detail
      // The counts and progress move on screen while a send delivers.
      refreshWhile={(rows) => rows.some((r) => r.state === 'sending')}
      toolbar={
        canSend && (
          <Button type="primary" onClick={() => navigate(pathTo('pushSend'))} data-testid="push-new-send">
            {t('push.send.title')}
          </Button>
        )
      }
      rowActions={(row) =>
        canSend && (row.state === 'scheduled' || row.state === 'sending')
          ? [
              {
                key: 'cancel',
                label: t('push.send.cancel'),
                danger: true,
                confirm: (r) => ({
                  title: t('push.send.cancelTitle', { id: r.id, name: r.name }),
                  rows: [
                    { label: t('push.send.state'), value: pushSendStateLabels[r.state][currentLocale()] },
                    {
                      label: t('push.send.progress'),
                      value: t('push.send.sentOf', { sent: formatNumber(r.sent), targeted: formatNumber(r.targeted) }),
                    },
                  ],
                  content: t('push.send.cancelEffect'),
                  okText: t('push.send.cancelOk'),
                }),
                run: (r) => call(pushSendEndpoints.cancelPushSend, { params: { id: r.id } }),
              },
            ]
          : []
      }
    />
  );
}
