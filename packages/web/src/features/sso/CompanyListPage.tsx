import { pathTo, ssoEndpoints } from '@rookery/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CreateButton } from '../../crud/CreateButton';
import { ListPage } from '../../crud/ListPage';
import { companyFields } from './fields';
import './texts';

/** Companies (studios or tenants) whose staff sign in through the provider. */
export default function CompanyListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ListPage
      endpoint={ssoEndpoints.listSsoCompanies}
      fields={companyFields}
      testId="sso-companies"
      toolbar={<CreateButton to={pathTo('ssoCompany')} testId="create-company" />}
      rowActions={(row) => [
        { key: 'edit', label: t('common.edit'), run: () => navigate(pathTo('ssoCompany', undefined, { id: row.id })) },
      ]}
    />
  );
}
