import { type HiddenReason, issueText, playerUserId, storeEndpoints } from '@rookery/contracts';
import { Button, Card, Descriptions, Empty, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../access/useCan';
import { isApiError, useEndpointQuery } from '../../api/endpoint-query';
import { ResourceList } from '../../crud/resource/ResourceList';
import { SmallTable } from '../../crud/SmallTable';
import { currentLocale } from '../../i18n';
import { zodLocale } from '../../i18n/zod-locale';
import { storeScreen } from './catalogue';
import './texts';

type Hidden = { kind: string; key: string; store?: string; reason: HiddenReason };

/** "Preview as player": the store a user ID sees now, and why each hidden item is hidden. */
function Preview() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [userId, setUserId] = useState<number>();
  const preview = useEndpointQuery(
    storeEndpoints.storePreview,
    { params: { userId: userId ?? 0 } },
    // A missing player is said on the field (issue 41 item 6), not as a notice naming the address.
    { enabled: userId !== undefined, quiet: true, retry: false },
  );
  // The field's own schema says what an ID looks like (the endpoint's parameter).
  const parsed = playerUserId.safeParse(text);
  const locale = currentLocale();
  const formatError =
    text.trim() && !parsed.success ? issueText(parsed.error.issues[0], locale, zodLocale(locale)) : undefined;
  const refusal = preview.isError && isApiError(preview.error) ? preview.error.msg : undefined;
  const fieldError = formatError ?? (String(userId) === text.trim() ? refusal : undefined);
  const run = () => parsed.success && setUserId(parsed.data);
  const data = preview.data;
  const titles = new Map(
    [...(data?.store.products ?? []), ...(data?.store.levelProducts ?? [])].map((p) => [p.name, p.title]),
  );
  const names = (list: { name?: string; title: string }[]) =>
    list.length ? list.map((p) => p.title).join(', ') : t('store.preview.empty');
  return (
    <Card size="small" title={t('store.preview.title')}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Form.Item
          validateStatus={fieldError ? 'error' : undefined}
          help={fieldError && <span data-testid="store-preview-error">{fieldError}</span>}
          style={{ marginBottom: 0, width: '100%', maxWidth: 420 }}
        >
          <Space.Compact style={{ width: '100%' }}>
            <Input
              value={text}
              onChange={(e) => setText(e.target.value)}
              onPressEnter={run}
              inputMode="numeric"
              maxLength={16}
              aria-label={t('store.preview.userId')}
              placeholder={t('store.preview.userId')}
              data-testid="store-preview-user"
            />
            <Button
              type="primary"
              disabled={!parsed.success}
              onClick={run}
              loading={preview.isFetching}
              data-testid="store-preview"
            >
              {t('store.preview.run')}
            </Button>
          </Space.Compact>
        </Form.Item>
        {userId !== undefined && data && !preview.isError && (
          <div data-testid="store-preview-result">
            <Typography.Paragraph strong>
              {t('store.preview.summary', { userId: data.userId, platform: data.platform ?? '—', level: data.level })}
            </Typography.Paragraph>
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label={t('store.preview.sections.products')}>
                {names(data.store.products)}
              </Descriptions.Item>
              <Descriptions.Item label={t('store.preview.sections.levelProducts')}>
                {names(data.store.levelProducts)}
              </Descriptions.Item>
              <Descriptions.Item label={t('store.preview.sections.purchaseItems')}>
                {names(data.store.purchaseItems)}
              </Descriptions.Item>
              <Descriptions.Item label={t('store.preview.sections.giftPacks')}>
                {data.store.giftPacks.length
                  ? data.store.giftPacks.map((g) => `${g.name} (${g.item.title})`).join(', ')
                  : t('store.preview.empty')}
              </Descriptions.Item>
              <Descriptions.Item label={t('store.preview.sections.activities')}>
                {names(data.store.activities)}
              </Descriptions.Item>
              {data.store.stores.map((s) => (
                <Descriptions.Item key={s.name} label={`${t('store.preview.sections.stores')} · ${s.title}`}>
                  {s.products.length
                    ? s.products.map((name) => titles.get(name) ?? name).join(', ')
                    : t('store.preview.empty')}
                </Descriptions.Item>
              ))}
            </Descriptions>
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              {t('store.preview.hidden')}
            </Typography.Title>
            <div style={{ overflowX: 'auto' }}>
              <SmallTable<Hidden>
                rowKey={(h) => `${h.kind}:${h.store ?? ''}:${h.key}`}
                dataSource={data.hidden}
                locale={{
                  emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('store.preview.none')} />,
                }}
                data-testid="store-preview-hidden"
                columns={[
                  { title: t('store.preview.kind'), render: (_, h) => t(`store.preview.kinds.${h.kind}`) },
                  { title: t('store.preview.key'), render: (_, h) => (h.store ? `${h.store} / ${h.key}` : h.key) },
                  { title: t('store.preview.reason'), render: (_, h) => t(`store.preview.reasons.${h.reason}`) },
                ]}
              />
            </div>
          </div>
        )}
      </Space>
    </Card>
  );
}

/** `/purchase/product/store`: the stores, and a preview of what one player sees now. */
export default function StorePage() {
  const can = useCan();
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {can(storeEndpoints.storePreview.permission as string[]) && <Preview />}
      <ResourceList screen={storeScreen} />
    </Space>
  );
}
