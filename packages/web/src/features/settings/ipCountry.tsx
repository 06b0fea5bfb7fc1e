import { countryCodes, gamegateEndpoints, ipCountryResource, translate } from '@rookery/contracts';
import { Alert, Button, Card, Form, Input, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMayCall } from '../../access/useCan';
import { useEndpointQuery } from '../../api/endpoint-query';
import { ResourceList } from '../../crud/resource/ResourceList';
import { resourceScreen } from '../../crud/resource/screen';
import { currentLocale } from '../../i18n';
import './gamegate-texts';
import { TextInput } from '../../crud/schema-fields';

/** `CN` → `China (CN)` in the console's language (the browser's own names, no library). */
export function countryName(code: string, locale = currentLocale()) {
  try {
    return `${new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code} (${code})`;
  } catch {
    return code;
  }
}

function CountrySelect(props: { value?: string; onChange?: (v: string) => void; id?: string }) {
  useTranslation(); // re-renders on a language change
  const locale = currentLocale();
  const options = useMemo(
    () => countryCodes.map((code) => ({ value: code, label: countryName(code, locale) })),
    [locale],
  );
  return (
    <Select
      {...props}
      showSearch
      optionFilterProp="label"
      options={options}
      style={{ maxWidth: 320 }}
      data-testid="ip-country"
    />
  );
}

export const ipCountryScreen = resourceScreen({
  resource: ipCountryResource,
  entity: 'gate.ip.entity',
  labels: { name: 'gate.ip.name', cidr: 'gate.ip.cidr', country: 'gate.ip.country', note: 'gate.note' },
  render: { country: (row) => countryName(row.country) },
  blank: { note: '' },
  fields: ['name', 'cidr', 'country', 'note'],
  widgets: {
    cidr: ({ itemProps }) => (
      <Form.Item {...itemProps('cidr')}>
        <TextInput field="cidr" placeholder="10.0.0.0/8" data-testid="ip-cidr" />
      </Form.Item>
    ),
    country: ({ itemProps }) => (
      <Form.Item {...itemProps('country')}>
        <CountrySelect />
      </Form.Item>
    ),
  },
});

/** Type any IPv4 or IPv6 address: the country the game login would give it, and what answered. */
function Lookup() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [ip, setIp] = useState<string>();
  const [error, setError] = useState<string>();
  const endpoint = gamegateEndpoints.ipCountryLookup;
  const answer = useEndpointQuery(endpoint, { query: { ip: ip ?? '' } }, { enabled: ip !== undefined });
  const submit = () => {
    const parsed = endpoint.query!.safeParse({ ip: text });
    if (!parsed.success) {
      setError(translate(parsed.error.issues[0]?.message ?? 'gate.ip', currentLocale()));
      setIp(undefined);
      return;
    }
    setError(undefined);
    setIp(parsed.data.ip);
  };
  const data = answer.data;
  return (
    <Card size="small" title={t('gate.ip.lookupTitle')}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Space.Compact style={{ width: '100%', maxWidth: 480 }}>
          <Input
            value={text}
            onChange={(e) => setText(e.target.value)}
            onPressEnter={submit}
            maxLength={64}
            status={error ? 'error' : undefined}
            placeholder={t('gate.ip.lookupPlaceholder')}
            data-testid="ip-lookup-input"
          />
          <Button type="primary" onClick={submit} loading={answer.isFetching} data-testid="ip-lookup">
            {t('gate.ip.lookup')}
          </Button>
        </Space.Compact>
        {error && <Typography.Text type="danger">{error}</Typography.Text>}
        {ip !== undefined && data && (
          <Alert
            type={data.country ? 'info' : 'warning'}
            data-testid="ip-lookup-result"
            title={
              <Space wrap>
                <strong>{data.country ? countryName(data.country) : t('gate.ip.unknown')}</strong>
                <span>{t(`gate.ip.sources.${data.source}`, { name: data.override ?? '' })}</span>
              </Space>
            }
          />
        )}
      </Space>
    </Card>
  );
}

/** `/setting/ipcountry`: the operators' overrides by range, and a lookup of any address. */
export default function IpCountryPage() {
  const mayCall = useMayCall();
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {mayCall(gamegateEndpoints.ipCountryLookup) && <Lookup />}
      <ResourceList screen={ipCountryScreen} />
    </Space>
  );
}
