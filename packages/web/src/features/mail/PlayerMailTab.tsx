import { mailEndpoints, mailScopePermissions, mailScopes, type PlayerMail } from '@rookery/contracts';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../access/useCan';
import { useMutationAction } from '../../crud/actions';
import type { Field } from '../../crud/fields';
import { ListPage } from '../../crud/ListPage';
import { rewardsText } from '../shared/RewardsEditor';
import { localText, mailStateOptions } from './mail-fields';
import './texts';

const fields: Field<PlayerMail>[] = [
  { name: 'id', title: 'mail.id', width: 80 },
  {
    name: 'mailScope',
    title: 'mail.scope',
    options: mailScopes.map((s) => ({ value: s, label: `mail.scopes.${s}` })),
  },
  { name: 'title', title: 'mail.title', render: (row) => localText(row.title) },
  { name: 'reward', title: 'mail.reward', render: (row) => rewardsText(row.reward) },
  { name: 'state', title: 'mail.state', options: mailStateOptions },
  { name: 'read', title: 'mail.read', kind: 'boolean' },
  { name: 'claimed', title: 'mail.claimed', kind: 'boolean' },
  { name: 'claimedAt', title: 'mail.claimedAt', kind: 'time' },
  { name: 'inMailbox', title: 'mail.inMailbox', kind: 'boolean' },
  { name: 'expireAt', title: 'mail.expireAt', kind: 'time' },
];

/**
 * The mail tab of a player's detail: every mail that reached the player with its read and claim
 * state; an operator may take one out of this player's mailbox.
 */
export function PlayerMailTab({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const can = useCan();
  const remove = useMutationAction(mailEndpoints.removePlayerMail);
  return (
    <ListPage
      endpoint={mailEndpoints.listPlayerMails}
      query={{ userId }}
      urlPrefix="mails"
      fields={fields}
      rowActions={(row) =>
        row.inMailbox && can([mailScopePermissions[row.mailScope].delete])
          ? [
              remove({
                key: 'remove',
                label: t('mail.removeFromMailbox'),
                danger: true,
                confirm: () => t('mail.removeConfirm', { id: row.id }),
                input: () => ({ params: { id: row.id }, query: { userId } }),
                done: t('common.done'),
              }),
            ]
          : []
      }
    />
  );
}
