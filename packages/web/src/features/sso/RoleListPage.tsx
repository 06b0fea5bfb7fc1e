import { pathTo, ssoEndpoints } from '@rookery/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMayCall } from '../../access/useCan';
import { useEndpointFetch } from '../../api/endpoint-query';
import { useMutationAction } from '../../crud/actions';
import { CreateButton } from '../../crud/CreateButton';
import { ListPage } from '../../crud/ListPage';
import { useViewAs } from '../shared/view-as';
import { roleFields } from './fields';
import './texts';

/** SSO roles: named sets of console pages, per company; edit, delete, view the console as one. */
export default function SsoRoleListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mayCall = useMayCall();
  const viewAs = useViewAs();
  const fetchEndpoint = useEndpointFetch();
  const deleteRole = useMutationAction(ssoEndpoints.deleteSsoRole);
  return (
    <ListPage
      endpoint={ssoEndpoints.listSsoRoles}
      fields={roleFields}
      testId="sso-roles"
      toolbar={<CreateButton to={pathTo('ssoRole')} testId="create-sso-role" />}
      rowActions={(row) => [
        { key: 'edit', label: t('common.edit'), run: () => navigate(pathTo('ssoRole', undefined, { id: row.id })) },
        ...(mayCall(ssoEndpoints.previewSsoRoleAccess)
          ? [
              {
                key: 'viewAs',
                label: t('sso.viewAs'),
                run: () => viewAs(() => fetchEndpoint(ssoEndpoints.previewSsoRoleAccess, { params: { id: row.id } })),
              },
            ]
          : []),
        deleteRole({
          key: 'delete',
          label: t('common.delete'),
          danger: true,
          confirm: () => ({
            title: t('ssoConfirm.deleteRoleTitle', { name: row.name }),
            rows: [
              { label: t('ssoConfirm.role'), value: row.name },
              { label: t('ssoConfirm.company'), value: row.companyName },
              { label: t('ssoConfirm.pages'), value: t('sso.pagesCount', { count: row.pages.length }) },
              { label: t('common.delete'), value: t('ssoConfirm.effect') },
            ],
            okText: t('ssoConfirm.deleteRoleOk', { name: row.name }),
          }),
          input: () => ({ params: { id: row.id } }),
          done: t('common.deleted'),
        }),
      ]}
    />
  );
}
