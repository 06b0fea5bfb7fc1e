import { defineArea } from '../../area.js';
import type { AreaAudit } from '../../audit-kit.js';
import { type Label, zhEn } from '../../bilingual.js';
import { logEndpoints, logGameEndpoints } from './endpoints.js';
import { logRoutes } from './routes.js';

/** The area's messages (keys the server sends and schemas carry). */
export const logMessages = {
  'log.incidentNotFound': zhEn('事件不存在', 'Incident not found'),
  'log.batchTooLarge': zhEn('一批日志最多 500 条', 'A log batch holds at most 500 entries'),
  'log.publicBatchTooLarge': zhEn('未登录时一批日志最多 20 条', 'Before sign-in a log batch holds at most 20 entries'),
  'log.windowTooWide': zhEn('查询时间范围最多 31 天', 'A log query covers at most 31 days'),
  'log.windowOrder': zhEn('结束时间须晚于开始时间', 'The end time must be after the start time'),
} as const satisfies Record<string, Label>;

const jobs = {
  'accessLog.prune': zhEn('清理访问日志', 'Prune the access log'),
  'logs.partitions': zhEn('维护日志分区（建新、删过期）', 'Maintain log partitions (create ahead, drop expired)'),
} as const satisfies Record<string, Label>;

/** Its audit vocabulary: the objects its entries name and what each action reads as. */
const audit = {
  objects: {
    incident: { label: zhEn('事件 #{id}', 'incident #{id}') },
  },
  actions: {
    incidentSetState: {
      label: zhEn('更改事件状态', 'Change incident state'),
      sentence: zhEn('更改了{incident}的状态', 'changed the state of {incident}'),
      target: 'incident',
    },
  },
} satisfies AreaAudit;

/** Logs: the system, client and access logs and incidents. */
export const logsArea = defineArea({
  name: 'logs',
  audit,
  routes: logRoutes,
  endpoints: { ...logEndpoints, ...logGameEndpoints },
  messages: logMessages,
  jobs,
});

declare module '../../area.js' {
  interface AreaJobs {
    logs: typeof jobs;
  }
  interface AreaRouteTables {
    logs: typeof logRoutes;
  }
  interface AreaMessages {
    logs: typeof logMessages;
  }
}

// What the area offers the server and the console beside its declaration.
export * from './endpoints.js';
