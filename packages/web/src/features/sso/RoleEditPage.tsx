import { pathTo, ssoEndpoints, ssoPages } from '@rookery/contracts';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditPage } from '../../crud/EditPage';
import { currentLocale } from '../../i18n';
import { useCompanyOptions } from './useCompanies';
import './texts';

/** Pages an SSO role may name: from the registry (the route table), those with something to give. */
const pageOptions = () =>
  ssoPages
    .filter((p) => p.grantable && p.built)
    .map((p) => ({ value: p.name, label: `${p.title[currentLocale()]} (${p.path})` }));

/** Create an SSO role, or edit one (`?id=`): its company, name and pages. */
export default function SsoRoleEditPage() {
  const { t } = useTranslation();
  const companies = useCompanyOptions();
  return (
    <EditPage
      load={ssoEndpoints.getSsoRole}
      create={ssoEndpoints.createSsoRole}
      update={ssoEndpoints.updateSsoRole}
      schema={() => ssoEndpoints.createSsoRole.body!}
      initialValues={(r) => ({ companyId: r?.companyId, name: r?.name, pages: r?.pages ?? [] })}
      title={(r) => t(r ? 'routes.ssoRole' : 'common.create')}
      backTo={pathTo('ssoRoles')}
      testId="sso-role-form"
    >
      {({ itemProps }) => (
        <>
          <Form.Item {...itemProps('companyId')} label={t('sso.company')}>
            <Select options={companies} data-testid="role-company" />
          </Form.Item>
          <Form.Item {...itemProps('name')} label={t('sso.roleName')}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item {...itemProps('pages')} label={t('sso.pages')} extra={t('sso.pagesHint')}>
            <Select
              mode="multiple"
              showSearch={{ optionFilterProp: 'label' }}
              options={pageOptions()}
              data-testid="role-pages"
            />
          </Form.Item>
        </>
      )}
    </EditPage>
  );
}
