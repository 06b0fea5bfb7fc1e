import { pathTo, roleLabel, ssoEndpoints } from '@rookery/contracts';
import { Alert, Form, type FormInstance, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { EditPage } from '../../crud/EditPage';
import type { SchemaForm } from '../../crud/useSchemaForm';
import { currentLocale } from '../../i18n';
import { useCompanyOptions, useRoleOptions } from './useCompanies';
import { useRoleNamesForSso } from './useConsoleRoles';
import './texts';

/**
 * `createcognitouser` (no record) and `user/:id`: an SSO user's company, SSO roles, console
 * role and switch; their email is set once, on creation (it is what the sign-in matches).
 */
export default function SsoUserEditPage() {
  const { t } = useTranslation();
  const companies = useCompanyOptions();
  const consoleRoles = useRoleNamesForSso();
  return (
    <EditPage
      load={ssoEndpoints.getSsoUser}
      create={ssoEndpoints.createSsoUser}
      update={ssoEndpoints.updateSsoUser}
      schema={(u) => (u ? ssoEndpoints.updateSsoUser.body! : ssoEndpoints.createSsoUser.body!)}
      initialValues={(u) => ({
        email: u?.email,
        name: u?.name ?? '',
        companyId: u?.companyId,
        roleIds: u?.roles.map((r) => r.id) ?? [],
        consoleRole: u?.consoleRole ?? '',
        enabled: u?.enabled ?? true,
      })}
      title={(u) => (u ? u.email : t('routes.ssoCreateUser'))}
      backTo={pathTo('ssoUsers')}
      testId="sso-user-form"
    >
      {({ itemProps, form, record }) => (
        <UserFields
          itemProps={itemProps}
          form={form}
          creating={!record}
          companies={companies}
          consoleRoles={consoleRoles}
        />
      )}
    </EditPage>
  );
}

function UserFields({
  itemProps,
  form,
  creating,
  companies,
  consoleRoles,
}: {
  itemProps: SchemaForm<z.ZodType>['itemProps'];
  form: FormInstance;
  creating: boolean;
  companies: { value: number; label: string }[];
  consoleRoles: string[];
}) {
  const { t } = useTranslation();
  const companyId = Form.useWatch('companyId', form) as number | undefined;
  const roles = useRoleOptions(companyId);
  return (
    <>
      {creating && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('sso.createUserHint')} />}
      <Form.Item {...itemProps('email')} label={t('sso.email')}>
        <Input autoComplete="off" disabled={!creating} />
      </Form.Item>
      <Form.Item {...itemProps('name')} label={t('sso.userName')}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item {...itemProps('companyId')} label={t('sso.company')}>
        <Select options={companies} data-testid="user-company" onChange={() => form.setFieldValue('roleIds', [])} />
      </Form.Item>
      <Form.Item {...itemProps('roleIds')} label={t('sso.roles')}>
        <Select mode="multiple" options={roles} data-testid="user-roles" />
      </Form.Item>
      <Form.Item {...itemProps('consoleRole')} label={t('sso.consoleRole')}>
        <Select
          options={[
            { value: '', label: t('sso.consoleRoleNone') },
            ...consoleRoles.map((name) => ({ value: name, label: roleLabel(name, currentLocale()) })),
          ]}
          data-testid="user-console-role"
        />
      </Form.Item>
      <Form.Item {...itemProps('enabled')} label={t('sso.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  );
}
