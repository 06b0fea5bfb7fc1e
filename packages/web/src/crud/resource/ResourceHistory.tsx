import { type Endpoint, type Resource, serverOwnedFields } from '@rookery/contracts';
import { App, Button, Card, Drawer, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../access/useCan';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpoint-query';
import { AuditDiff } from '../AuditDiff';
import { useConfirm } from '../Consequence';
import { formatTime } from '../format';
import { SmallTable } from '../SmallTable';
import { endpointsOf, itemDocument, storedAfterSave } from './endpoints';
import { label } from './ResourceForm';
import type { ResourceScreen } from './screen';
import '../kit-texts';

interface Version {
  version: number;
  author: string | null;
  comment: string | null;
  at: string;
  restoredFrom: number | null;
  effectiveAt: string | null;
  expireAt: string | null;
  document: Record<string, unknown>;
}

/** The most versions the drawer lists (newest first); older ones stay in the database. */
const SHOWN_VERSIONS = 200;

/**
 * One item's versions, newest first: any two compared field by field, and any older one restored
 * as a new version after a confirmation that shows what the game will receive.
 */
export function ResourceHistory<R extends Resource>({
  screen,
  itemKey,
  onClose,
}: {
  screen: ResourceScreen<R>;
  itemKey: string;
  onClose: () => void;
}) {
  const { resource } = screen;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const askFirst = useConfirm();
  const can = useCan();
  const endpoints = endpointsOf(resource);
  // The history drawer opens only for versioned resources, which have both endpoints.
  const history = endpoints.history as Endpoint;
  const restoring = useEndpointMutation(endpoints.restore as Endpoint);
  const entity = t(screen.entity);
  const versions = useEndpointQuery(
    history,
    { params: { key: itemKey }, query: { page: 1, pageSize: SHOWN_VERSIONS } },
    { select: (answer) => (answer as { list: Version[] }).list },
  );
  const [picked, setPicked] = useState<{ a?: number; b?: number }>({});
  const list = versions.data ?? [];
  const latest = list[0];
  const b = list.find((v) => v.version === picked.b) ?? latest;
  const a = list.find((v) => v.version === picked.a) ?? list[1] ?? latest;
  const docOf = (v: Version | undefined) =>
    itemDocument(resource, v && { ...v.document, effectiveAt: v.effectiveAt, expireAt: v.expireAt });
  const labels = (f: string) => label(screen, f, t);
  const options = list.map((v) => ({ value: v.version, label: t('resource.versionN', { n: v.version }) }));
  /** The picker of one side of the comparison (`a` the older version, `b` the newer). */
  const versionPicker = (side: 'a' | 'b', version: number | undefined) => (
    <Select
      style={{ minWidth: 140 }}
      value={version}
      options={options}
      onChange={(n) => setPicked((p) => ({ ...p, [side]: n }))}
      data-testid={`compare-${side}`}
    />
  );

  const restore = async (v: Version) => {
    const next = (latest?.version ?? 0) + 1;
    const confirmed = await askFirst({
      title: t('resource.restoreTitle', { entity, key: itemKey, n: v.version }),
      width: 720,
      danger: false,
      content: (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {/* What the restored version does to players (a maintenance window that closes the game again). */}
          {
            screen.confirm?.(
              itemDocument(resource, { ...v.document, effectiveAt: v.effectiveAt, expireAt: v.expireAt }),
              docOf(latest),
              t,
            )?.statement
          }
          {t(resource.gameVisible ? 'resource.restoreBody' : 'resource.restoreBodyQuiet', { next })}
          <AuditDiff
            before={docOf(latest)}
            after={storedAfterSave(resource, docOf(v), docOf(latest))}
            labels={labels}
            skip={serverOwnedFields(resource)}
          />
        </Space>
      ),
      okText: t('resource.restoreOk', { next }),
    });
    if (!confirmed) return;
    await restoring.mutateAsync({ params: { key: itemKey, version: v.version }, body: {} });
    setPicked({});
    message.success(t('resource.restored', { next }));
  };

  return (
    <Drawer
      open
      size={880}
      title={t('resource.historyTitle', { entity, key: itemKey })}
      onClose={onClose}
      data-testid="resource-history"
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card size="small">
          <Space wrap style={{ marginBottom: 12 }}>
            {t('resource.compare')}
            {versionPicker('a', a?.version)}
            {t('resource.with')}
            {versionPicker('b', b?.version)}
          </Space>
          {a && b && <AuditDiff before={docOf(a)} after={docOf(b)} labels={labels} />}
        </Card>
        <SmallTable<Version>
          rowKey="version"
          loading={versions.isLoading}
          dataSource={list}
          columns={[
            {
              key: 'version',
              title: t('resource.version'),
              render: (_, v) => (
                <Space>
                  {v.version}
                  {v === latest && <Tag color="green">{t('resource.latest')}</Tag>}
                </Space>
              ),
            },
            { key: 'at', title: t('resource.at'), render: (_, v) => formatTime(v.at) },
            { key: 'author', title: t('resource.author'), render: (_, v) => v.author ?? '-' },
            {
              key: 'comment',
              title: t('resource.comment'),
              render: (_, v) => (
                <Space orientation="vertical" size={0}>
                  {v.comment || '-'}
                  {v.restoredFrom !== null && (
                    <Typography.Text type="secondary">
                      {t('resource.restoredFrom', { n: v.restoredFrom })}
                    </Typography.Text>
                  )}
                </Space>
              ),
            },
            {
              key: 'actions',
              title: t('common.actions'),
              render: (_, v) =>
                v !== latest &&
                can(resource.permissions.edit) && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => void restore(v).catch(() => undefined)}
                    data-testid={`restore-${v.version}`}
                  >
                    {t('resource.restore')}
                  </Button>
                ),
            },
          ]}
        />
      </Space>
    </Drawer>
  );
}
