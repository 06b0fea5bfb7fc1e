// pg-boss ships no types for its SQL plans; these are the few we run ourselves (see executor.ts).
declare module 'pg-boss/src/plans.js' {
  const plans: {
    insertJob(schema: string): string;
    failJobsById(schema: string): string;
    fetchNextJob(schema: string): (opts: { includeMetadata?: boolean; priority?: boolean }) => string;
    retryJobs(schema: string): string;
    cancelJobs(schema: string): string;
    JOB_STATES: Record<'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed', string>;
  };
  export default plans;
}
