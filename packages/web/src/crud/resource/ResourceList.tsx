import type { ListAction, Resource } from '@rookery/contracts';
import { App, Button, Drawer, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../access/useCan';
import { useEndpointCall } from '../../api/endpoint-query';
import { currentLocale } from '../../i18n';
import { type BatchAction, type RowAction, useMutationAction } from '../actions';
import type { Consequence } from '../Consequence';
import { ListPage } from '../ListPage';
import { endpointsOf } from './endpoints';
import { itemPath } from './item-path';
import { type ResourceRow, resourceListFields } from './list-declaration';
import { ResourceForm } from './ResourceForm';
import { ResourceHistory } from './ResourceHistory';
import type { ResourceItem, ResourceScreen } from './screen';
import '../kit-texts';

/**
 * The list screen of any resource: search, paging, the declared list fields, version and who
 * changed it last; create and edit (on the resource's edit page, or in a drawer when it has
 * none), history with diff and restore, delete.
 */
export function ResourceList<R extends Resource>({
  screen,
  toolbar,
  urlPrefix,
}: {
  screen: ResourceScreen<R>;
  /** More buttons beside "create" (e.g. a tool of the area). */
  toolbar?: ReactNode;
  /** Prefix of the list's parameters in the address, when the page holds more than one list. */
  urlPrefix?: string;
}) {
  const { resource } = screen;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const can = useCan();
  const call = useEndpointCall();
  const endpoints = endpointsOf(resource);
  const remove = useMutationAction(endpoints.delete);
  const list = resource.list;
  const locale = currentLocale();
  const [editing, setEditing] = useState<{ item?: ResourceItem<R> }>();
  const [history, setHistory] = useState<string>();
  type Row = ResourceRow<R>;
  const entity = t(screen.entity);
  const keyOf = (row: Row) => String(row[resource.key]);
  const routes = screen.part?.routes ?? resource.routes;
  const editRoute = routes?.edit;

  const fields = resourceListFields(screen, t);

  /** A declared action over some items: its consequence stated, then its endpoint. */
  const allowed = Object.entries(list?.actions ?? {}).filter(([, a]) => can(a.permission));
  const consequence = (name: string, a: ListAction, keys: string[]): Consequence => {
    const words = { action: a.label[locale], count: keys.length, entity };
    return {
      title: t('list.actionTitle', words),
      rows: [
        { label: t('list.actionItems'), value: keys.join(', ') },
        { label: t('list.actionWhat'), value: a.consequence[locale] },
      ],
      content: screen.actionContent?.(name, keys),
      okText: t('list.actionOk', words),
      danger: a.danger ?? false,
    };
  };
  const runAction = async (name: string, a: ListAction, keys: string[]) => {
    const done = (await call(endpoints.actions[name], { body: { keys } })) as {
      changed: number;
      unchanged: number;
    };
    message.success(t('list.actionDone', { action: a.label[locale], ...done }));
  };
  const declaredRowActions = (row: Row): RowAction<Row>[] =>
    allowed
      .filter(([name, a]) => a.row && (screen.actionOffered?.(name, row) ?? true))
      .map(([name, a]) => ({
        key: name,
        label: a.label[locale],
        danger: a.danger,
        confirm: () => consequence(name, a, [keyOf(row)]),
        run: () => runAction(name, a, [keyOf(row)]),
      }));
  const batchActions: BatchAction<Row>[] = allowed
    .filter(([, a]) => a.bulk)
    .map(([name, a]) => ({
      key: name,
      label: a.label[locale],
      danger: a.danger,
      confirm: (rows) => consequence(name, a, rows.map(keyOf)),
      run: (rows) => runAction(name, a, rows.map(keyOf)),
    }));

  const openEdit = (item?: Row) => {
    const route = item ? editRoute : (routes?.create ?? editRoute);
    if (route) navigate(itemPath(route, item ? String(keyOf(item)) : undefined));
    else setEditing({ item });
  };

  return (
    <>
      <ListPage
        endpoint={endpoints.list}
        query={screen.part?.fixed}
        fields={fields}
        rowKey={resource.key}
        urlPrefix={urlPrefix}
        exportEndpoint={endpoints.export}
        batchActions={batchActions.length ? batchActions : undefined}
        toolbar={
          (can(resource.permissions.create) || toolbar) && (
            <Space wrap>
              {can(resource.permissions.create) && (
                <Button type="primary" onClick={() => openEdit()} data-testid="resource-create">
                  {t('resource.create', { entity })}
                </Button>
              )}
              {toolbar}
            </Space>
          )
        }
        rowActions={(item) => {
          const row = item as Row;
          return [
            ...(can(resource.permissions.edit)
              ? [{ key: 'edit', label: t('common.edit'), run: () => openEdit(row) }]
              : []),
            ...(resource.versioned
              ? [{ key: 'history', label: t('resource.history'), run: () => setHistory(keyOf(row)) }]
              : []),
            ...declaredRowActions(row),
            ...(can(resource.permissions.delete)
              ? [
                  remove({
                    key: 'delete',
                    label: t('common.delete'),
                    danger: true,
                    confirm: () => t('resource.deleteConfirm', { entity, key: keyOf(row) }),
                    input: () => ({ params: { key: keyOf(row) } }),
                    done: t('resource.deleted', { entity, key: keyOf(row) }),
                  }),
                ]
              : []),
          ];
        }}
      />
      <Drawer
        open={Boolean(editing)}
        destroyOnHidden
        size={640}
        title={
          editing?.item
            ? t('resource.edit', { entity, key: keyOf(editing.item as Row) })
            : t('resource.create', { entity })
        }
        onClose={() => setEditing(undefined)}
      >
        {editing && (
          <ResourceForm
            screen={screen}
            item={editing.item}
            onSaved={(saved) => {
              message.success(
                t(resource.gameVisible || screen.publishes ? 'resource.saved' : 'resource.savedQuiet', {
                  entity,
                  key: keyOf(saved as Row),
                }),
              );
              setEditing(undefined);
            }}
            beside={<Button onClick={() => setEditing(undefined)}>{t('common.cancel')}</Button>}
          />
        )}
      </Drawer>
      {history !== undefined && (
        <ResourceHistory screen={screen} itemKey={history} onClose={() => setHistory(undefined)} />
      )}
    </>
  );
}
