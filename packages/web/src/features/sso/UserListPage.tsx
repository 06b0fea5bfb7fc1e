import { pathTo, ssoEndpoints } from '@rookery/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CreateButton } from '../../crud/CreateButton';
import { ListPage } from '../../crud/ListPage';
import { userFields } from './fields';
import './texts';

/** SSO users: people who sign in through the provider, with their company and roles. */
export default function SsoUserListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ListPage
      endpoint={ssoEndpoints.listSsoUsers}
      fields={userFields}
      testId="sso-users"
      toolbar={<CreateButton to={pathTo('ssoCreateUser')} testId="create-sso-user" />}
      rowActions={(row) => [
        { key: 'open', label: t('sso.open'), run: () => navigate(pathTo('ssoUser', { id: row.id })) },
      ]}
    />
  );
}
