import { pathTo, ssoEndpoints } from '@rookery/contracts';
import { Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditPage } from '../../crud/EditPage';
import './texts';

/** Create a company, or edit one (`?id=`): name, email domains, enabled. */
export default function CompanyEditPage() {
  const { t } = useTranslation();
  return (
    <EditPage
      load={ssoEndpoints.getSsoCompany}
      create={ssoEndpoints.createSsoCompany}
      update={ssoEndpoints.updateSsoCompany}
      schema={() => ssoEndpoints.createSsoCompany.body!}
      initialValues={(c) => ({ name: c?.name, emailDomains: c?.emailDomains ?? [], enabled: c?.enabled ?? true })}
      title={(c) => t(c ? 'routes.ssoCompany' : 'common.create')}
      backTo={pathTo('ssoCompanies')}
      testId="sso-company-form"
    >
      {({ itemProps }) => (
        <>
          <Form.Item {...itemProps('name')} label={t('sso.name')}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item {...itemProps('emailDomains')} label={t('sso.emailDomains')} extra={t('sso.emailDomainsHint')}>
            <Select mode="tags" open={false} suffixIcon={null} data-testid="company-domains" />
          </Form.Item>
          <Form.Item {...itemProps('enabled')} label={t('sso.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      )}
    </EditPage>
  );
}
