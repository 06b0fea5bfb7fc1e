import { type AuditEntry, staffEndpoints } from '@rookery/contracts';
import { Button, Card, Col, Row, Statistic, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Can } from '../../access/Can';
import { useSession } from '../../access/session';
import { useEndpointQuery } from '../../api/endpoint-query';
import { formatTime } from '../../crud/format';
import { routeByName } from '../../navigation/route-index';

/** Pending registrations link to their approval page, for those who may open it. */
const approval = routeByName.get('systemAllow')!;

/** The console home: counts the server reports and, for those who may read it, recent activity. */
export default function ConsolePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession().data;
  const dashboard = useEndpointQuery(staffEndpoints.getDashboard);
  const counts = Object.entries(dashboard.data?.counts ?? {});
  const recent = dashboard.data?.recentAudit;

  return (
    <>
      <Typography.Title level={4} style={{ marginTop: 0 }} data-testid="welcome">
        {t('dashboard.welcome', { name: user?.name || user?.username })}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {counts.map(([key, value]) => (
          <Col key={key} xs={24} sm={12} lg={6}>
            <Card loading={dashboard.isPending}>
              <Statistic title={t(`dashboard.counts.${key}`, { defaultValue: key })} value={value} />
              {key === 'pendingRegistrations' && value > 0 && (
                <Can rule={approval.auth ?? true}>
                  <Button type="link" style={{ padding: 0 }} onClick={() => navigate(approval.fullPath)}>
                    {t('routes.systemAllow')}
                  </Button>
                </Can>
              )}
            </Card>
          </Col>
        ))}
      </Row>
      {recent && (
        <Card title={t('dashboard.recentActivity')} style={{ marginTop: 16 }} size="small">
          <Table<AuditEntry>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={recent}
            columns={[
              { key: 'at', title: t('staff.at'), render: (_, row) => formatTime(row.at) },
              { key: 'actor', dataIndex: 'actor', title: t('staff.actor') },
              { key: 'action', dataIndex: 'action', title: t('staff.action') },
              { key: 'target', dataIndex: 'target', title: t('staff.target') },
            ]}
          />
        </Card>
      )}
    </>
  );
}
