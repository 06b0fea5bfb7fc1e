import { REDIS_SCAN_COUNT, REDIS_TYPED_CONFIRM_FROM, redisEndpoints } from '@rookery/contracts';
import { App, Button, Card, Descriptions, Drawer, Form, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useEndpointFetch, useEndpointMutation, useEndpointQuery } from '../../api/endpoint-query';
import { useConfirm } from '../../crud/Consequence';
import { SchemaFormShell } from '../../crud/SchemaFormShell';
import { SmallTable } from '../../crud/SmallTable';
import { TextInput } from '../../crud/schema-fields';
import { useSchemaForm } from '../../crud/useSchemaForm';
import { RedisNotConfigured } from './RedisNotConfigured';
import './texts';

type KeyInfo = { key: string; type: string; ttl: number };

const patternSchema = redisEndpoints.redisScan.query!.pick({ pattern: true });

/**
 * Find Redis keys by name or pattern (SCAN in bounded steps, inside the deployment's prefix), see
 * a key's type, TTL and value, and delete one or a set after a confirmation that shows the count
 * (typed from REDIS_TYPED_CONFIRM_FROM keys). The pattern is in the address.
 */
export default function RedisDeletePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const [params, setParams] = useSearchParams();
  const pattern = params.get('pattern') ?? '';
  const [found, setFound] = useState<KeyInfo[]>([]);
  const [cursor, setCursor] = useState<string>('0');
  const [steps, setSteps] = useState(0);
  const [selected, setSelected] = useState<string[]>([]);
  const [previewOf, setPreviewOf] = useState<string>();
  const fetch = useEndpointFetch();
  const remove = useEndpointMutation(redisEndpoints.redisDelete);
  const info = useEndpointQuery(redisEndpoints.redisInfo, undefined);
  const preview = useEndpointQuery(
    redisEndpoints.redisKeyGet,
    { query: { key: previewOf ?? '' } },
    { enabled: Boolean(previewOf) },
  );

  const search = async (p: string, from?: string) => {
    if (!p) return;
    const answer = await fetch(redisEndpoints.redisScan, { query: { pattern: p, cursor: from } });
    setFound((prev) =>
      from ? [...prev, ...answer.keys.filter((k) => !prev.some((x) => x.key === k.key))] : answer.keys,
    );
    setCursor(answer.cursor);
    setSteps((s) => (from ? s + answer.steps : answer.steps));
    if (!from) setSelected([]);
  };

  const deleteKeys = async (keys: string[]) => {
    const ok = await confirm({
      title: t('redis.deleteTitle', { count: keys.length }),
      rows: [{ label: t('redis.keys'), value: keys.slice(0, 10).join(', ') + (keys.length > 10 ? ' …' : '') }],
      okText: t('redis.deleteOk', { count: keys.length }),
      typeToConfirm: keys.length >= REDIS_TYPED_CONFIRM_FROM ? keys.length : undefined,
      irreversible: true,
    });
    if (!ok) return;
    const answer = await remove.mutateAsync({ body: { keys, confirmCount: keys.length } });
    message.success(t('redis.deleted', { count: answer.deleted }));
    setFound((prev) => prev.filter((k) => !keys.includes(k.key)));
    setSelected([]);
  };

  // The key or pattern as the endpoint checks it: a blank or overlong one is said on the field.
  const patternForm = useSchemaForm(patternSchema, async ({ pattern: p }) => {
    setParams({ pattern: p });
    await search(p);
  });

  if (info.data && !info.data.configured) return <RedisNotConfigured />;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="redis-tools">
      <Card size="small">
        <SchemaFormShell
          schemaForm={patternForm}
          schema={patternSchema}
          testId="redis-search"
          initialValues={{ pattern }}
        >
          <Form.Item
            {...patternForm.itemProps('pattern')}
            label={t('redis.pattern')}
            extra={t('redis.patternHint', { prefix: info.data?.prefix ?? '', count: REDIS_SCAN_COUNT })}
          >
            <TextInput field="pattern" allowClear data-testid="redis-pattern" />
          </Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit">
              {t('redis.find')}
            </Button>
            <Button disabled={cursor === '0'} onClick={() => void search(pattern, cursor)}>
              {t('redis.more')}
            </Button>
            <Typography.Text type="secondary" data-testid="redis-scan-state">
              {steps ? `${t('redis.scanned', { steps })}${cursor === '0' ? ` · ${t('redis.done')}` : ''}` : ''}
            </Typography.Text>
          </Space>
        </SchemaFormShell>
      </Card>
      <Card size="small">
        <Space style={{ marginBottom: 12 }}>
          <Button danger disabled={selected.length === 0} onClick={() => void deleteKeys(selected)}>
            {t('redis.deleteSelected', { count: selected.length })}
          </Button>
        </Space>
        <Table<KeyInfo>
          rowKey="key"
          size="small"
          dataSource={found}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
          columns={[
            { key: 'key', dataIndex: 'key', title: t('redis.key') },
            { key: 'type', dataIndex: 'type', title: t('redis.type') },
            {
              key: 'ttl',
              dataIndex: 'ttl',
              title: t('redis.ttl'),
              render: (ttl: number) => (ttl === -1 ? t('redis.noExpiry') : ttl),
            },
            {
              key: 'actions',
              title: t('common.actions'),
              render: (_: unknown, row) => (
                <Space>
                  <Button size="small" onClick={() => setPreviewOf(row.key)}>
                    {t('redis.preview')}
                  </Button>
                  <Button size="small" danger onClick={() => void deleteKeys([row.key])}>
                    {t('redis.delete')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Drawer open={Boolean(previewOf)} onClose={() => setPreviewOf(undefined)} title={previewOf} size={560}>
        {preview.data && (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Descriptions
              column={1}
              bordered
              size="small"
              items={[
                { key: 'type', label: t('redis.type'), children: preview.data.type },
                {
                  key: 'ttl',
                  label: t('redis.ttl'),
                  children: preview.data.ttl === -1 ? t('redis.noExpiry') : preview.data.ttl,
                },
                { key: 'size', label: t('redis.size'), children: preview.data.size },
              ]}
            />
            {preview.data.truncated && <Typography.Text type="secondary">{t('redis.truncated')}</Typography.Text>}
            <SmallTable
              rowKey={(_, i) => String(i)}
              dataSource={preview.data.preview.map(([field, value]) => ({ field, value }))}
              columns={[
                ...(preview.data.type === 'string' || preview.data.type === 'set'
                  ? []
                  : [{ key: 'f', dataIndex: 'field', title: t('redis.field') }]),
                {
                  key: 'v',
                  dataIndex: 'value',
                  title: t('redis.value'),
                  render: (v: string) => <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{v}</span>,
                },
              ]}
            />
          </Space>
        )}
      </Drawer>
    </Space>
  );
}
