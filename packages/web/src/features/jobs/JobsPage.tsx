import {
  auditActionLabel,
  cancellableJobStates,
  type EndpointResponse,
  type JobName,
  type JobState,
  jobCatalogue,
  jobEndpoints,
  jobRunOutcomeLabels,
  jobStateLabels,
  jobStates,
  retryableJobStates,
  SCHEDULED_JOB_ACTION,
  scheduledJobLabel,
} from '@rookery/contracts';
import { Drawer, Progress, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMayCall } from '../../access/useCan';
import { useEndpointQuery } from '../../api/endpoint-query';
import { useMutationAction } from '../../crud/actions';
import type { Field } from '../../crud/fields';
import { formatNumber, formatTime } from '../../crud/format';
import { ListPage, type RowAction } from '../../crud/ListPage';
import { ValueView } from '../../crud/resource/ValueView';
import { SmallTable } from '../../crud/SmallTable';
import { currentLocale } from '../../i18n';
import './texts';

type Job = EndpointResponse<typeof jobEndpoints.listJobs>['list'][number];
type JobRun = EndpointResponse<typeof jobEndpoints.getJob>['runs'][number];

const stateColors: Record<JobState, string> = {
  created: 'default',
  retry: 'orange',
  active: 'blue',
  completed: 'green',
  cancelled: 'default',
  failed: 'red',
};

/** Labels from the catalogues in contracts, in the UI language (options take i18n keys or plain text). */
const jobLabel = (name: JobName) => jobCatalogue[name][currentLocale()];

function causeText(job: Job, t: TFunction) {
  const action =
    job.cause.action === SCHEDULED_JOB_ACTION
      ? scheduledJobLabel[currentLocale()]
      : auditActionLabel(job.cause.action, currentLocale());
  return job.cause.actor ? t('jobs.causeBy', { actor: job.cause.actor, action }) : t('jobs.causeSystem', { action });
}

const fields = (): Field<Job>[] => [
  {
    name: 'name',
    title: 'jobs.name',
    search: 'select',
    options: (Object.keys(jobCatalogue) as JobName[]).map((value) => ({ value, label: jobLabel(value) })),
  },
  {
    name: 'state',
    title: 'jobs.state',
    search: 'select',
    options: jobStates.map((value) => ({
      value,
      label: jobStateLabels[value][currentLocale()],
      color: stateColors[value],
    })),
  },
  {
    // Not a column: the filter that brings back the routine runs (hidden by default).
    name: 'routine',
    title: 'jobs.routine',
    search: 'select',
    column: false,
    detail: false,
    options: [{ value: 'shown', label: 'jobs.routineShown' }],
  },
  {
    name: 'progress',
    title: 'jobs.progress',
    width: 180,
    render: (job, t) =>
      job.progress && job.progress.total > 0 ? (
        <span data-testid="job-progress">
          <Progress
            // A progress bar needs a name for screen readers (axe: aria-progressbar-name).
            aria-label={t('jobs.progress')}
            percent={Math.round((job.progress.done / job.progress.total) * 100)}
            size="small"
            status={job.state === 'failed' ? 'exception' : job.state === 'active' ? 'active' : undefined}
          />
          {formatNumber(job.progress.done)} / {formatNumber(job.progress.total)}
        </span>
      ) : (
        '-'
      ),
  },
  {
    name: 'attempts',
    title: 'jobs.attempts',
    column: false,
    render: (job, t) => t('jobs.attemptsOf', { done: job.attempts, max: job.maxAttempts }),
  },
  {
    name: 'error',
    title: 'jobs.error',
    width: 240,
    // A running job whose instance stopped beating: said on the row, before the sweep takes it back.
    render: (job, t) =>
      job.instanceGone ? (
        <span data-testid="job-instance-gone">
          <Tag color="red">{t('jobs.instanceGone')}</Tag>
          {t('jobs.instanceGoneHint')}
        </span>
      ) : (
        (job.error ?? '-')
      ),
  },
  { name: 'reportedAt', title: 'jobs.reportedAt', kind: 'time', column: false },
  { name: 'cause', title: 'jobs.cause', render: (job, t) => causeText(job, t) },
  { name: 'createdAt', title: 'jobs.createdAt', kind: 'time', column: false },
  { name: 'startAfter', title: 'jobs.startAfter', kind: 'time', column: false },
  { name: 'startedAt', title: 'jobs.startedAt', kind: 'time', column: false },
  { name: 'completedAt', title: 'jobs.completedAt', kind: 'time' },
];

const wordsOf = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/** A job's answer as the drawer shows it: lists keep their first 50 items (their count is beside them). */
function shortResult(result: unknown): unknown {
  if (Array.isArray(result)) return result.slice(0, 50);
  if (result && typeof result === 'object')
    return Object.fromEntries(Object.entries(result).map(([k, v]) => [k, Array.isArray(v) ? v.slice(0, 50) : v]));
  return result;
}

/**
 * The jobs page (system group): every job's state, progress, runs, last error and cause, and each
 * attempt (instance, start, last report, end, outcome); a failed or cancelled job can be retried,
 * a running one whose instance is gone handed over, a waiting or running one cancelled, each
 * after a confirmation stating what follows. Filters (job, state) and paging live in the address.
 */
export default function JobsPage() {
  const { t } = useTranslation();
  const mayCall = useMayCall();
  const retry = useMutationAction(jobEndpoints.retryJob);
  const cancel = useMutationAction(jobEndpoints.cancelJob);
  const mayEdit = mayCall(jobEndpoints.retryJob);

  const handOver = useMutationAction(jobEndpoints.handOverJob);
  const [runsOf, setRunsOf] = useState<Job>();

  const rowActions = (job: Job): RowAction<Job>[] => {
    const name = jobLabel(job.name);
    // Every job's attempts: instance, start, end, how it ended.
    const actions: RowAction<Job>[] = [{ key: 'runs', label: t('jobs.runs'), run: () => setRunsOf(job) }];
    if (!mayEdit) return actions;
    if (job.state === 'active' && job.instanceGone) {
      actions.push(
        handOver({
          key: 'handOver',
          label: t('jobs.handOver'),
          confirm: () => ({
            title: t('jobs.handOverTitle', { name }),
            danger: false,
            rows: [
              { label: t('jobs.name'), value: name },
              { label: t('jobs.reportedAt'), value: formatTime(job.reportedAt) },
              { label: t('jobs.handOver'), value: t('jobs.handOverEffect') },
            ],
            okText: t('jobs.handOverOk', { name }),
          }),
          input: () => ({ params: { id: job.id } }),
          done: t('jobs.handedOver'),
        }),
      );
    }
    if (retryableJobStates.includes(job.state)) {
      actions.push(
        retry({
          key: 'retry',
          label: t('jobs.retry'),
          confirm: () => ({
            title: t('jobs.retryTitle', { name }),
            danger: false,
            rows: [
              { label: t('jobs.name'), value: name },
              { label: t('jobs.error'), value: job.error ?? '-' },
              { label: t('jobs.attempts'), value: t('jobs.attemptsOf', { done: job.attempts, max: job.maxAttempts }) },
              {
                label: t('jobs.retry'),
                value: job.state === 'cancelled' ? t('jobs.retryEffectCancelled') : t('jobs.retryEffect'),
              },
            ],
            okText: t('jobs.retryOk', { name }),
          }),
          input: () => ({ params: { id: job.id } }),
          done: t('jobs.retried'),
        }),
      );
    }
    if (cancellableJobStates.includes(job.state)) {
      actions.push(
        cancel({
          key: 'cancel',
          label: t('jobs.cancel'),
          danger: true,
          confirm: () => ({
            title: t('jobs.cancelTitle', { name }),
            rows: [
              { label: t('jobs.name'), value: name },
              { label: t('jobs.state'), value: jobStateLabels[job.state][currentLocale()] },
              {
                label: t('jobs.cancel'),
                value: job.state === 'active' ? t('jobs.cancelEffectRunning') : t('jobs.cancelEffectWaiting'),
              },
            ],
            okText: t('jobs.cancelOk', { name }),
          }),
          input: () => ({ params: { id: job.id } }),
          done: t('jobs.cancelled'),
        }),
      );
    }
    return actions;
  };

  return (
    <>
      <ListPage endpoint={jobEndpoints.listJobs} fields={fields()} rowActions={rowActions} />
      {runsOf && <JobRuns job={runsOf} onClose={() => setRunsOf(undefined)} />}
    </>
  );
}

const outcomeColors: Record<NonNullable<JobRun['outcome']>, string> = {
  completed: 'green',
  failed: 'red',
  cancelled: 'default',
  released: 'default',
  gone: 'red',
  lost: 'orange',
};

/** A job's attempts, first to last: which instance ran each, when, and how it ended. */
function JobRuns({ job, onClose }: { job: Job; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useEndpointQuery(jobEndpoints.getJob, { params: { id: job.id } });
  return (
    <Drawer open width={760} title={t('jobs.runsTitle', { name: jobLabel(job.name) })} onClose={onClose}>
      {job.result !== null && job.result !== undefined && (
        // What the completed job answered (the ledger check's drift…), as rows.
        <section data-testid="job-result" style={{ marginBottom: 16 }}>
          <Typography.Title level={5}>{t('jobs.result')}</Typography.Title>
          <ValueView value={shortResult(job.result)} label={wordsOf} />
        </section>
      )}
      <SmallTable<JobRun>
        data-testid="job-runs"
        rowKey="attempt"
        loading={detail.isLoading}
        dataSource={detail.data?.runs ?? []}
        locale={{ emptyText: t('jobs.noRuns') }}
        columns={[
          { key: 'attempt', title: t('jobs.attempt'), dataIndex: 'attempt' },
          {
            key: 'instance',
            title: t('jobs.instance'),
            render: (_, run) => (
              <span>
                {run.instance} {!run.instanceAlive && <Tag color="default">{t('jobs.instanceNotAlive')}</Tag>}
              </span>
            ),
          },
          { key: 'startedAt', title: t('jobs.startedAt'), render: (_, run) => formatTime(run.startedAt) },
          { key: 'reportedAt', title: t('jobs.reportedAt'), render: (_, run) => formatTime(run.reportedAt) },
          { key: 'endedAt', title: t('jobs.completedAt'), render: (_, run) => formatTime(run.endedAt) },
          {
            key: 'outcome',
            title: t('jobs.outcome'),
            render: (_, run) =>
              run.outcome ? (
                <Tag color={outcomeColors[run.outcome]}>{jobRunOutcomeLabels[run.outcome][currentLocale()]}</Tag>
              ) : (
                <Tag color="blue">{t('jobs.running')}</Tag>
              ),
          },
          { key: 'error', title: t('jobs.error'), render: (_, run) => run.error ?? '-' },
        ]}
      />
    </Drawer>
  );
}
