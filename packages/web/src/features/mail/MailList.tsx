import {
  MAIL_LIST_PAGE_SIZE,
  type Mail,
  type MailScope,
  mailEndpoints,
  mailScopePermissions,
  pathTo,
} from '@rookery/contracts';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../access/useCan';
import { api } from '../../api/request';
import { ListPage } from '../../crud/ListPage';
import { mailFields } from './mail-fields';

/** The mails of one scope, newest first: search by title and state, send, edit, recall. */
export function MailList({ scope }: { scope: MailScope }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const can = useCan();
  const canSend = can([mailScopePermissions[scope].create]);
  const canRecall = can([mailScopePermissions[scope].delete]);
  return (
    <ListPage<Mail>
      queryKey={`mails-${scope}`}
      fields={mailFields(scope)}
      rowKey="id"
      pageSize={MAIL_LIST_PAGE_SIZE}
      load={async ({ page, pageSize, filters }) => {
        const data = await api(mailEndpoints.listMails, {
          query: {
            mailScope: scope,
            page,
            pageSize,
            title: filters.title,
            state: filters.state as Mail['state'] | undefined,
          },
        });
        return { rows: data.list, total: data.pagination.total };
      }}
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
              {
                key: 'recall',
                label: t('mail.recall'),
                danger: true,
                confirm: () => t('mail.recallConfirm', { id: row.id }),
                run: async () => {
                  await api(mailEndpoints.recallMail, { params: { id: row.id }, query: { mailScope: scope } });
                  message.success(t('mail.recalled'));
                },
              },
            ]
          : []),
      ]}
    />
  );
}
