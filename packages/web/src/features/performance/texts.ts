import { addTexts } from '../shared/texts';

const zhCN = {
  performance: {
    latest: '各实例最新数值',
    latestHint: '每格为最新值，括号内为窗口内的最低–最高值。',
    window: '时间窗口',
    minutes: '最近 {{count}} 分钟',
    rps: '每秒请求数',
    p95: 'p95 延迟（毫秒）',
    p99: 'p99 延迟（毫秒）',
    errorRate: '错误率（%）',
    eventLoop: '事件循环延迟 p99（毫秒）',
    heap: '堆内存（MB）',
    rss: '常驻内存（MB）',
    pool: '数据库连接（使用中 / 等待）',
    dbQuery: '数据库往返（毫秒）',
    routes: '各路由延迟（最近一次报告）',
    route: '路由',
    count: '请求数',
    instance: '实例',
    noReports: '该时间窗口内没有实例报告',
    every: '每个实例每 {{seconds}} 秒报告一次；同样的数据也在 /metrics',
  },
};
const enUS: typeof zhCN = {
  performance: {
    latest: 'Latest figures per instance',
    latestHint: 'Each cell is the newest figure, with the lowest–highest over the window in brackets.',
    window: 'Window',
    minutes: 'Last {{count}} minutes',
    rps: 'Requests per second',
    p95: 'p95 latency (ms)',
    p99: 'p99 latency (ms)',
    errorRate: 'Error rate (%)',
    eventLoop: 'Event-loop delay p99 (ms)',
    heap: 'Heap (MB)',
    rss: 'RSS (MB)',
    pool: 'Database connections (in use / waiting)',
    dbQuery: 'Database round trip (ms)',
    routes: 'Latency per route (latest report)',
    route: 'Route',
    count: 'Requests',
    instance: 'Instance',
    noReports: 'No instance reported in this window',
    every: 'Each instance reports every {{seconds}} s; the same figures are at /metrics',
  },
};
addTexts(zhCN, enUS);
