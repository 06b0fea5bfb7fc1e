import { type MailScope, mailEndpoints, mailScopePermissions, pathTo } from '@rookery/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../access/useCan';
import { useMutationAction } from '../../crud/actions';
import { ListPage } from '../../crud/ListPage';
import { mailFields } from './mail-fields';

/** The mails of one scope, newest first: search by title and state, send, edit, recall. */
export function MailList({ scope }: { scope: MailScope }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const canSend = can([mailScopePermissions[scope].create]);
  const canRecall = can([mailScopePermissions[scope].delete]);
  const recall = useMutationAction(mailEndpoints.recallMail);
  return (
    <ListPage
      endpoint={mailEndpoints.listMails}
      query={{ mailScope: scope }}
      fields={mailFields(scope)}
      toolbar={
        canSend && (
          <Button
            type="primary"
            onClick={() => navigate(pathTo('emailEdit', undefined, { mailScope: scope }))}
            data-testid="send-mail"
          >
            {t('mail.send')}
          </Button>
        )
      }
      rowActions={(row) => [
        ...(canSend && (row.state === 'scheduled' || row.state === 'active')
          ? [
              {
                key: 'edit',
                label: t('common.edit'),
                run: () => navigate(pathTo('emailEdit', undefined, { mailScope: scope, id: row.id })),
              },
            ]
          : []),
        ...(canRecall && row.state !== 'recalled'
          ? [
              recall({
                key: 'recall',
                label: t('mail.recall'),
                danger: true,
                confirm: () => t('mail.recallConfirm', { id: row.id }),
                input: () => ({ params: { id: row.id }, query: { mailScope: scope } }),
                done: t('mail.recalled'),
              }),
            ]
          : []),
      ]}
    />
  );
}
