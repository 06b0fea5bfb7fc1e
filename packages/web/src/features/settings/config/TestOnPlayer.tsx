import {
  type ConditionAttribute,
  type ConfigExplain,
  type ConfigSource,
  conditionAttributeLabels,
  configEndpoints,
} from '@rookery/contracts';
import { Alert, Button, Descriptions, Input, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMayCall } from '../../../access/useCan';
import { useEndpointQuery } from '../../../api/endpoint-query';
import { valueInWords } from '../../../crud/change-words';
import { formatTime } from '../../../crud/format';
import { ValueView } from '../../../crud/resource/ValueView';
import { SmallTable } from '../../../crud/SmallTable';
import { currentLocale } from '../../../i18n';
import { typeTag } from './screen';
import { sourceSentence } from './source-sentence';
import './texts';

const sourceColors: Record<ConfigSource, string> = {
  override: 'magenta',
  experiment: 'purple',
  event: 'gold',
  global: 'blue',
  default: 'default',
};

/** A typed player ID, or null when it is not one (digits only, a safe integer ≥ 1). */
export function parseUserId(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,16}$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}

function Attributes({ data }: { data: ConfigExplain }) {
  const { t } = useTranslation();
  const a = data.attributes;
  const locale = currentLocale();
  const number = (n: number | null) => (n === null ? '-' : new Intl.NumberFormat(locale).format(n));
  // Codes by name with the code (中国 (CN)), as every other table shows them.
  const words = (field: string, value: string | null) => (value ? valueInWords(field, value, locale) : '-');
  const items = [
    { key: 'os', children: words('os', a.os) },
    { key: 'appVersion', children: a.appVersion ?? '-' },
    { key: 'appLanguage', children: words('appLanguage', a.appLanguage) },
    { key: 'country', children: words('country', a.country) },
    { key: 'lastLogin', children: formatTime(a.lastLogin) },
    { key: 'notLoginDays', children: number(a.notLoginDays) },
    {
      key: 'userType',
      children: t(`conditions.userTypes.${a.userType}`, { defaultValue: t('settings.config.test.unknown') }),
    },
    { key: 'habitatCount', children: number(a.habitatCount) },
  ];
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 2 }}
      title={t('settings.config.test.attributes')}
      items={items.map((i) => ({ ...i, label: conditionAttributeLabels[i.key as ConditionAttribute][locale] }))}
      data-testid="config-test-attributes"
    />
  );
}

/**
 * "Test on a player": every field's value for one player now, and which override, event config,
 * conditional value or default chose it — computed by the server with the game's evaluator.
 */
export function TestOnPlayer() {
  const { t } = useTranslation();
  const mayCall = useMayCall();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  /** The user ID asked about, or why the typed one cannot be. */
  const [asked, setAsked] = useState<{ userId: number } | { problem: string }>();
  const endpoint = configEndpoints.configExplain;
  const userId = asked && 'userId' in asked ? asked.userId : undefined;
  const answer = useEndpointQuery(
    endpoint,
    { params: { userId: userId ?? 0 } },
    // The answer is "now": never served from the cache, asked again on each run; an unknown
    // player (and any refusal) is said here, in the panel, not as a global notice.
    { enabled: userId !== undefined && mayCall(endpoint), staleTime: 0, gcTime: 0, retry: false, quiet: true },
  );
  if (!mayCall(endpoint)) return null;

  const run = () => {
    const typed = parseUserId(text);
    if (typed === null) return setAsked({ problem: t('settings.config.test.notNumber') });
    if (typed === userId) void answer.refetch();
    else setAsked({ userId: typed });
  };
  const failure = (answer.error as { msg?: unknown } | null)?.msg;
  const problem =
    asked && 'problem' in asked
      ? asked.problem
      : answer.isError
        ? typeof failure === 'string' && failure
          ? failure
          : t('settings.config.test.failed')
        : undefined;
  const data = userId !== undefined && !answer.isError ? answer.data : undefined;
  const loading = answer.isFetching;

  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="config-test-open">
        {t('settings.config.test.open')}
      </Button>
      <Modal
        open={open}
        title={t('settings.config.test.title')}
        width={900}
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="config-test">
          <Space.Compact style={{ maxWidth: 360, width: '100%' }}>
            <Input
              value={text}
              placeholder={t('settings.config.test.userId')}
              inputMode="numeric"
              data-testid="config-test-user"
              onChange={(e) => setText(e.target.value)}
              onPressEnter={run}
            />
            <Button type="primary" loading={loading} onClick={run} data-testid="config-test-run">
              {t('settings.config.test.run')}
            </Button>
          </Space.Compact>
          {problem && <Alert type="warning" title={problem} data-testid="config-test-problem" />}
          {data && (
            <>
              <Typography.Text type="secondary">
                {t('settings.config.test.at', { version: data.version, at: formatTime(data.at) })}
              </Typography.Text>
              <Attributes data={data} />
              <SmallTable
                rowKey="name"
                dataSource={data.fields}
                locale={{ emptyText: t('settings.config.test.noFields') }}
                data-testid="config-test-fields"
                columns={[
                  { key: 'name', dataIndex: 'name', title: t('settings.config.test.field') },
                  { key: 'type', title: t('settings.config.type'), render: (_, f) => typeTag(f.type) },
                  {
                    key: 'value',
                    title: t('settings.config.test.value'),
                    render: (_, f) => (
                      <span data-testid="config-test-value">
                        <ValueView value={f.value} />
                      </span>
                    ),
                  },
                  {
                    key: 'source',
                    title: t('settings.config.test.source'),
                    render: (_, f) => (
                      <Tag color={sourceColors[f.source]} data-testid={`config-test-source-${f.source}`}>
                        {sourceSentence(f, currentLocale())}
                      </Tag>
                    ),
                  },
                ]}
              />
            </>
          )}
        </Space>
      </Modal>
    </>
  );
}
