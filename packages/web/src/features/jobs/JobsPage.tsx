import {
  auditActionLabel,
  cancellableJobStates,
  type EndpointResponse,
  type JobName,
  type JobState,
  jobCatalogue,
  jobEndpoints,
  jobStateLabels,
  jobStates,
  retryableJobStates,
  SCHEDULED_JOB_ACTION,
  scheduledJobLabel,
} from '@rookery/contracts';
import { App, Progress } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useMayCall } from '../../access/useCan';
import { useEndpointMutation } from '../../api/endpoint-query';
import type { Field } from '../../crud/fields';
import { formatNumber } from '../../crud/format';
import { ListPage, type RowAction } from '../../crud/ListPage';
import { currentLocale } from '../../i18n';
import './texts';

type Job = EndpointResponse<typeof jobEndpoints.listJobs>['list'][number];

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
    name: 'progress',
    title: 'jobs.progress',
    width: 180,
    render: (job) =>
      job.progress && job.progress.total > 0 ? (
        <span data-testid="job-progress">
          <Progress
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
    render: (job, t) => t('jobs.attemptsOf', { done: job.attempts, max: job.maxAttempts }),
  },
  { name: 'error', title: 'jobs.error', width: 280 },
  { name: 'cause', title: 'jobs.cause', render: (job, t) => causeText(job, t) },
  { name: 'createdAt', title: 'jobs.createdAt', kind: 'time' },
  { name: 'startAfter', title: 'jobs.startAfter', kind: 'time', column: false },
  { name: 'startedAt', title: 'jobs.startedAt', kind: 'time', column: false },
  { name: 'completedAt', title: 'jobs.completedAt', kind: 'time' },
];

/**
 * The jobs page (system group): every job's state, progress, runs, last error and cause; a failed
 * job can be retried, a waiting or running one cancelled, each after a confirmation stating
 * what follows. Filters (job, state) and paging live in the address.
 */
export default function JobsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const mayCall = useMayCall();
  const retry = useEndpointMutation(jobEndpoints.retryJob);
  const cancel = useEndpointMutation(jobEndpoints.cancelJob);
  const mayEdit = mayCall(jobEndpoints.retryJob);

  const rowActions = (job: Job): RowAction<Job>[] => {
    if (!mayEdit) return [];
    const name = jobLabel(job.name);
    const actions: RowAction<Job>[] = [];
    if (retryableJobStates.includes(job.state)) {
      actions.push({
        key: 'retry',
        label: t('jobs.retry'),
        confirm: () => ({
          title: t('jobs.retryTitle', { name }),
          danger: false,
          rows: [
            { label: t('jobs.name'), value: name },
            { label: t('jobs.error'), value: job.error ?? '-' },
            { label: t('jobs.attempts'), value: t('jobs.attemptsOf', { done: job.attempts, max: job.maxAttempts }) },
            { label: t('jobs.retry'), value: t('jobs.retryEffect') },
          ],
          okText: t('jobs.retryOk', { name }),
        }),
        run: async () => {
          await retry.mutateAsync({ params: { id: job.id } });
          message.success(t('jobs.retried'));
        },
      });
    }
    if (cancellableJobStates.includes(job.state)) {
      actions.push({
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
        run: async () => {
          await cancel.mutateAsync({ params: { id: job.id } });
          message.success(t('jobs.cancelled'));
        },
      });
    }
    return actions;
  };

  return <ListPage endpoint={jobEndpoints.listJobs} fields={fields()} rowActions={rowActions} />;
}
