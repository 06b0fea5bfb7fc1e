import { type DeadLetterView, orderEndpoints } from '@rookery/contracts';
import { App, Form } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '../../api/endpoint-query';
import type { RowAction } from '../../crud/actions';
import { FormDialog } from '../../crud/FormDialog';
import { ListPage } from '../../crud/ListPage';
import { LongText } from '../../crud/schema-fields';
import { deadLetterFields } from './fields';

/**
 * The dead-letter queue's pieces: the list (inspect in its drawer), and the retry and discard
 * actions with their confirmation and reason dialog. `/purchase/product/dlq` is the list with the
 * actions; `/devtool/deadletter` can take the same pieces.
 */
export function useDeadLetterActions(): {
  actions: (row: DeadLetterView) => RowAction<DeadLetterView>[];
  dialogs: ReactNode;
} {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const retry = useEndpointMutation(orderEndpoints.retryDeadLetter);
  const [discarding, setDiscarding] = useState<DeadLetterView>();
  const actions = (row: DeadLetterView): RowAction<DeadLetterView>[] =>
    row.state !== 'waiting'
      ? []
      : [
          ...(row.kind === 'delivery'
            ? [
                {
                  key: 'retry',
                  label: t('deadLetter.retry'),
                  confirm: () => ({
                    title: t('deadLetter.retryTitle', { id: row.id, orderId: row.orderId }),
                    rows: [
                      { label: t('deadLetter.userId'), value: String(row.userId ?? '-') },
                      { label: t('deadLetter.reason'), value: t(`deadLetter.reasons.${row.reason}`) },
                      { label: t('deadLetter.attempts'), value: String(row.attempts) },
                      { label: t('deadLetter.order'), value: t('deadLetter.retryEffect', { userId: row.userId }) },
                    ],
                    okText: t('deadLetter.retryOk'),
                    danger: false,
                  }),
                  run: async () => {
                    const answer = await retry.mutateAsync({ params: { id: row.id } });
                    if (answer.delivered) void message.success(t('deadLetter.retried', { id: row.id }));
                    else
                      void message.warning(
                        t('orders.stillFailed', {
                          reason: answer.reason ? t(`deadLetter.reasons.${answer.reason}`) : '-',
                        }),
                      );
                  },
                },
              ]
            : []),
          { key: 'discard', label: t('deadLetter.discard'), danger: true, run: () => setDiscarding(row) },
        ];
  const dialogs = discarding ? <DiscardDialog letter={discarding} onClose={() => setDiscarding(undefined)} /> : null;
  return { actions, dialogs };
}

function DiscardDialog({ letter, onClose }: { letter: DeadLetterView; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const discard = useEndpointMutation(orderEndpoints.discardDeadLetter);
  return (
    <FormDialog
      name="discard-dead-letter"
      title={t('deadLetter.discardTitle', { id: letter.id })}
      okText={t('deadLetter.discardOk')}
      danger
      schema={orderEndpoints.discardDeadLetter.body!}
      onClose={onClose}
      submit={async (body) => {
        await discard.mutateAsync({ params: { id: letter.id }, body });
        void message.success(t('deadLetter.discarded', { id: letter.id }));
      }}
    >
      {(itemProps) => (
        <Form.Item {...itemProps('reason')} label={t('deadLetter.discardReasonLabel')}>
          <LongText field="reason" rows={3} />
        </Form.Item>
      )}
    </FormDialog>
  );
}

/** The queue as a list: waiting letters first by default; inspect, retry and discard. */
export function DeadLetterList({ query, testId }: { query?: { kind?: 'delivery' | 'notification' }; testId?: string }) {
  const { actions, dialogs } = useDeadLetterActions();
  return (
    <>
      <ListPage
        endpoint={orderEndpoints.listDeadLetters}
        query={query}
        fields={deadLetterFields}
        paging="keyset"
        initialSearch={{ state: 'waiting' }}
        empty="deadLetter.empty"
        rowActions={actions}
        testId={testId}
      />
      {dialogs}
    </>
  );
}

/** `/purchase/product/dlq`: failed deliveries and store notices waiting for an operator. */
export default function DeadLetterPage() {
  return <DeadLetterList testId="dead-letter-list" />;
}
