import { defineArea } from '../../area.js';
import type { AreaAudit } from '../../audit-kit.js';
import { type Label, zhEn } from '../../bilingual.js';
import { jobEndpoints } from '../../jobs.js';

/** The area's messages (keys the server sends and schemas carry). */
export const jobMessages = {
  'job.leaseExpired': zhEn('运行超时（租约到期），已交给其他实例', 'Ran past its lease; handed to another instance'),
  'job.notFound': zhEn('任务不存在', 'Job not found'),
  'job.notRetryable': zhEn('只有失败或已取消的任务可以重试', 'Only a failed or cancelled job can be retried'),
  'job.retryWaiting': zhEn(
    '同一对象已有一个任务在等待运行，无需再重试这个',
    'Another job for the same subject is already waiting to run; this one need not be retried',
  ),
  'job.notHandOver': zhEn(
    '只有运行它的实例已失联的运行中任务可以移交',
    'Only a running job whose instance is gone can be handed over',
  ),
  'job.instanceGone': zhEn(
    '运行它的实例失联，已收回并交给其他实例',
    'Its instance was gone; taken back for another instance',
  ),
  'job.notCancellable': zhEn('只有等待中或运行中的任务可以取消', 'Only a waiting or running job can be cancelled'),
} as const satisfies Record<string, Label>;

/** Its audit vocabulary: the objects its entries name and what each action reads as. */
const audit = {
  objects: {
    job: { label: zhEn('后台任务 {id}', 'job {id}') },
  },
  actions: {
    retryJob: {
      label: zhEn('重试后台任务', 'Retry job'),
      sentence: zhEn('重试了{job}', 'retried {job}'),
      target: 'job',
    },
    handOverJob: {
      label: zhEn('移交后台任务', 'Hand over job'),
      sentence: zhEn('把{job}从失联实例移交出去', 'handed {job} over from a gone instance'),
      target: 'job',
    },
    cancelJob: {
      label: zhEn('取消后台任务', 'Cancel job'),
      sentence: zhEn('取消了{job}', 'cancelled {job}'),
      target: 'job',
    },
  },
} satisfies AreaAudit;

/** Jobs: the jobs page's endpoints (each area declares its own jobs). */
export const jobsArea = defineArea({
  name: 'jobs',
  audit,
  endpoints: jobEndpoints,
  messages: jobMessages,
});

declare module '../../area.js' {
  interface AreaMessages {
    jobs: typeof jobMessages;
  }
}
