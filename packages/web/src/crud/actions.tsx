import type { Endpoint, EndpointInput, EndpointResponse } from '@rookery/contracts';
import { App, Button, Dropdown, Space } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '../api/endpoint-query';
import { refusalsShownInPlace } from '../api/request';
import { type Consequence, isRefusal, useConfirm } from './Consequence';

export interface RowAction<Row> {
  key: string;
  label: string;
  danger?: boolean;
  /**
   * Asked before running; the action runs only on OK. A consequential action (one that reaches
   * players) states its consequence, with a confirm button that names it.
   */
  confirm?: (row: Row) => string | Consequence;
  run: (row: Row) => unknown;
}

export interface BatchAction<Row> {
  key: string;
  label: string;
  danger?: boolean;
  confirm?: (rows: Row[]) => string | Consequence;
  run: (rows: Row[]) => unknown;
}

/**
 * Run an action, after its confirmation when it has one. A refusal is shown where the operator
 * acted: in the confirmation, which stays open (`useConfirm` with `run`), or — for an action
 * without one — as a message naming it. Faults were already shown by the request layer; a list
 * reloads through the invalidations its mutation endpoints declare.
 */
export function useConfirmThen() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  return (text: string | Consequence | undefined, run: () => unknown) => {
    const asked: Consequence | undefined =
      typeof text === 'string' ? { title: text, okText: t('common.ok'), danger: false } : text;
    void (async () => {
      if (asked) {
        await confirm(asked, async () => run());
        return;
      }
      try {
        await refusalsShownInPlace(async () => run());
      } catch (error) {
        if (isRefusal(error)) void message.error(t('consequence.refused', { msg: error.msg }));
      }
    })().catch(() => undefined);
  };
}

/** A row action that calls one mutation endpoint: what it sends for the row, and what it says when done. */
export type MutationAction<E, Row> = Omit<RowAction<Row>, 'run'> & {
  input: (row: Row) => EndpointInput<E>;
  /** The notice once the endpoint answered (its answer at hand: counts of what changed). */
  done: string | ((answer: EndpointResponse<E>, row: Row) => string);
};

/**
 * Row actions over one mutation endpoint: confirm (the list's `useConfirmThen`, so a refusal stays
 * in the confirmation), call, then say it is done. The lists the endpoint declares in
 * `invalidates` reload.
 */
export function useMutationAction<E extends Endpoint>(endpoint: E) {
  const mutation = useEndpointMutation(endpoint);
  const { message } = App.useApp();
  return <Row,>({ input, done, ...action }: MutationAction<E, Row>): RowAction<Row> => ({
    ...action,
    run: async (row) => {
      const answer = await mutation.mutateAsync(input(row));
      void message.success(typeof done === 'string' ? done : done(answer, row));
    },
  });
}

/** The one action column of a list, last: the detail link, then the row's own actions. */
export function actionColumn<Row>({
  t,
  detail,
  rowActions,
  onDetail,
  confirmThen,
  compact,
}: {
  t: TFunction;
  detail: boolean;
  rowActions?: (row: Row) => RowAction<Row>[];
  onDetail: (row: Row) => void;
  confirmThen: (text: string | Consequence | undefined, run: () => unknown) => void;
  /** A phone: the actions fold into one menu button, kept in view at the row's right edge. */
  compact?: boolean;
}) {
  if (compact)
    return {
      key: '_actions',
      title: t('common.actions'),
      fixed: 'right' as const,
      width: 72,
      render: (_: unknown, row: Row) => {
        const actions = rowActions?.(row) ?? [];
        const run = (key: string) => {
          if (key === '_detail') return onDetail(row);
          const action = actions.find((a) => a.key === key);
          if (action) confirmThen(action.confirm?.(row), () => action.run(row));
        };
        return (
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                ...(detail ? [{ key: '_detail', label: t('common.detail') }] : []),
                ...actions.map((a) => ({
                  key: a.key,
                  label: <span data-testid={`row-action-${a.key}`}>{a.label}</span>,
                  danger: a.danger,
                })),
              ],
              onClick: ({ key }) => run(key),
            }}
          >
            <Button size="small" data-testid="row-actions" aria-label={t('common.actions')}>
              ⋯
            </Button>
          </Dropdown>
        );
      },
    };
  return {
    key: '_actions',
    title: t('common.actions'),
    // Not fixed: a fixed action column covered the last data columns (a player's last login)
    // whenever the table was wider than its card; the row scrolls as one inside the card.
    render: (_: unknown, row: Row) => (
      <Space size={0} wrap>
        {detail && (
          <Button type="link" size="small" onClick={() => onDetail(row)}>
            {t('common.detail')}
          </Button>
        )}
        {rowActions?.(row).map((action) => (
          <Button
            key={action.key}
            type="link"
            size="small"
            danger={action.danger}
            data-testid={`row-action-${action.key}`}
            onClick={() => confirmThen(action.confirm?.(row), () => action.run(row))}
          >
            {action.label}
          </Button>
        ))}
      </Space>
    ),
  };
}
