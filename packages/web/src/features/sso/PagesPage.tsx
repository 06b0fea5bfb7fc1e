import { type SsoPage, ssoEndpoints } from '@rookery/contracts';
import { Card, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../api/endpoint-query';
import { SmallTable } from '../../crud/SmallTable';
import { currentLocale } from '../../i18n';
import { PageSpinner } from '../../ui/PageSpinner';
import { ruleText } from './labels';
import './texts';

/** The page registry: every console page (read off the route table) and what it needs to open. */
export default function PagesPage() {
  const { t } = useTranslation();
  const pages = useEndpointQuery(ssoEndpoints.listSsoPages);
  if (!pages.data) return <PageSpinner />;
  return (
    <Card title={t('routes.ssoPages')}>
      <SmallTable<SsoPage>
        rowKey="name"
        data-testid="sso-pages"
        dataSource={pages.data as SsoPage[]}
        columns={[
          { key: 'title', title: t('sso.name'), render: (_, p) => p.title[currentLocale()] },
          { key: 'path', title: t('sso.path'), dataIndex: 'path' },
          { key: 'rule', title: t('sso.rule'), render: (_, p) => ruleText(p, t) },
          {
            key: 'grantable',
            title: t('sso.grantable'),
            render: (_, p) =>
              p.grantable ? <Tag color="green">{t('sso.grantable')}</Tag> : <Tag>{t('sso.roleOnly')}</Tag>,
          },
          { key: 'built', title: t('sso.built'), render: (_, p) => (p.built ? t('common.yes') : t('common.no')) },
        ]}
      />
    </Card>
  );
}
