export { causeOf } from './cause.js';
export {
  defineJob,
  type JobCause,
  type JobContext,
  type JobDefinition,
  JobStopped,
  type RetryPolicy,
} from './define.js';
export { JOB_SCHEMA, JobQueue, type JobQueueOptions } from './queue.js';
