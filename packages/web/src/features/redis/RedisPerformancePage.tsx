import { redisEndpoints } from '@rookery/contracts';
import { Alert, Card, Col, Descriptions, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../api/endpoint-query';
import { formatNumber } from '../../crud/format';
import { SmallTable } from '../../crud/SmallTable';
import { RedisNotConfigured } from './RedisNotConfigured';
import './texts';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Redis's figures, read again every 5 seconds; or how to configure Redis when it is not. */
export default function RedisPerformancePage() {
  const { t } = useTranslation();
  const info = useEndpointQuery(redisEndpoints.redisInfo, undefined, { refetchInterval: 5000 });
  const data = info.data;
  if (!data) return null;
  if (!data.configured) return <RedisNotConfigured />;
  if (!data.reachable || !data.figures) return <Alert type="error" showIcon title={t('redis.unreachable')} />;
  const f = data.figures;
  return (
    <Row gutter={[16, 16]} data-testid="redis-figures">
      <Col span={24}>
        {/* Several deployments may share one Redis: say whose figures these are. */}
        <Alert type="info" showIcon title={t('redis.sharedFigures', { prefix: data.prefix })} />
      </Col>
      {[
        ['ops', formatNumber(f.opsPerSecond)],
        ['memory', mb(f.usedMemoryBytes)],
        ['hitRate', f.hitRate === null ? '-' : `${(f.hitRate * 100).toFixed(1)}%`],
        ['clients', formatNumber(f.connectedClients)],
      ].map(([key, value]) => (
        <Col key={key} xs={12} lg={6}>
          <Card size="small">
            <Statistic title={t(`redis.${key}`)} value={value} />
          </Card>
        </Col>
      ))}
      <Col xs={24} xl={12}>
        <Card size="small">
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'v', label: t('redis.version'), children: f.version },
              { key: 'u', label: t('redis.uptime'), children: formatNumber(f.uptimeSeconds) },
              { key: 'p', label: t('redis.peakMemory'), children: mb(f.peakMemoryBytes) },
              { key: 'm', label: t('redis.maxMemory'), children: f.maxMemoryBytes ? mb(f.maxMemoryBytes) : '-' },
              { key: 'b', label: t('redis.blocked'), children: formatNumber(f.blockedClients) },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card size="small" title={t('redis.keyspace')}>
          <SmallTable
            rowKey="db"
            dataSource={f.keyspace}
            columns={[
              { key: 'db', dataIndex: 'db', title: 'DB' },
              { key: 'k', dataIndex: 'keys', title: t('redis.keys'), align: 'right' },
              { key: 'e', dataIndex: 'expires', title: t('redis.expires'), align: 'right' },
            ]}
          />
        </Card>
      </Col>
      <Col span={24}>
        <Card size="small" title={t('redis.slowlog')}>
          {data.otherSlowCommands > 0 && (
            <Typography.Paragraph type="secondary" data-testid="redis-other-slow">
              {t('redis.otherSlow', { count: data.otherSlowCommands })}
            </Typography.Paragraph>
          )}
          <SmallTable
            rowKey="id"
            dataSource={data.slowlog}
            locale={{ emptyText: t('redis.none') }}
            columns={[
              {
                key: 'at',
                dataIndex: 'at',
                title: t('redis.at'),
                render: (s: number) => new Date(s * 1000).toLocaleString(),
              },
              { key: 'us', dataIndex: 'micros', title: t('redis.micros'), align: 'right' },
              { key: 'c', dataIndex: 'command', title: t('redis.command') },
              { key: 'k', dataIndex: 'key', title: t('redis.key') },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
