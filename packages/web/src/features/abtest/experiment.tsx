import {
  abLayerResource,
  abtestEndpoints,
  bucketCount,
  type ConfigField,
  configResource,
  type Experiment,
  type ExperimentChange,
  type ExperimentStatus,
  eventAggregateLabels,
  eventAggregates,
  experimentResource,
  experimentStatusLabels,
  metricLabel,
  pathTo,
  resourceFieldLabel,
  serverOwnedFields,
} from '@rookery/contracts';
import { Alert, Button, Checkbox, Descriptions, Form, Input, Select, Space, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEndpointQuery } from '../../api/endpoint-query';
import { TimeWindowItems } from '../../crud/form-items';
import { formatNumber } from '../../crud/format';
import { endpointsOf } from '../../crud/resource/endpoints';
import { ResourcePicker } from '../../crud/resource/ResourcePicker';
import { type ResourceFormProps, resourceScreen } from '../../crud/resource/screen';
import { LongText, NumberInput, TextInput } from '../../crud/schema-fields';
import { useHoldConfirm } from '../../crud/TypeToConfirm';
import { currentLocale } from '../../i18n';
import { ConditionsEditor } from '../shared/ConditionsEditor';
import { blankValueOf, ValueEditor } from '../shared/ValueEditor';
import './texts';

const statusColors: Record<ExperimentStatus, string> = {
  draft: 'default',
  running: 'green',
  stopped: 'orange',
  archived: 'default',
};

export function StatusTag({ status }: { status: ExperimentStatus }) {
  return (
    <Tag color={statusColors[status]} data-testid="experiment-status">
      {experimentStatusLabels[status][currentLocale()]}
    </Tag>
  );
}

export const percentText = (n: number) => `${formatNumber(Math.round(n * 100) / 100)}%`;
export const variationsText = (variations: readonly { name: string; weight: number }[]) =>
  variations.map((v) => `${v.name} ${percentText(v.weight)}`).join(' · ');

/** The experiment's detail page address. */
export const detailPath = (key: string) => pathTo('abtestExperimentDetail', undefined, { key });

/**
 * What a lifecycle change does now, counted by the server: the targeting's audience, the layer
 * share and the players before → after, and the phase. Holds the confirm button until counted.
 */
export function ImpactFacts({
  experiment,
  change,
  coverage,
  weights,
}: {
  experiment: string;
  change: ExperimentChange;
  coverage?: number;
  weights?: number[];
}) {
  const { t } = useTranslation();
  const impact = useEndpointQuery(
    abtestEndpoints.experimentImpact,
    { params: { key: experiment }, body: { change, coverage, weights } },
    { retry: false },
  );
  useHoldConfirm(impact.isPending);
  if (impact.isPending)
    return <Typography.Text data-testid="experiment-impact">{t('abtest.impact.counting')}</Typography.Text>;
  if (!impact.data) return <Alert type="error" showIcon title={t('abtest.impact.failed')} />;
  const d = impact.data;
  const count = (n: number) =>
    d.audience.estimate ? t('abtest.impact.about', { n: formatNumber(n) }) : formatNumber(n);
  const arrow = (before: string, after: string) => t('abtest.impact.change', { before, after });
  return (
    <Space orientation="vertical" style={{ width: '100%', marginTop: 12 }} data-testid="experiment-impact">
      <Descriptions
        size="small"
        bordered
        column={1}
        items={[
          { key: 'audience', label: t('abtest.impact.audience'), children: count(d.audience.count) },
          {
            key: 'share',
            label: t('abtest.impact.share'),
            children: arrow(percentText(d.shareBefore * 100), percentText(d.shareAfter * 100)),
          },
          {
            key: 'players',
            label: t('abtest.impact.players'),
            children: <span data-testid="impact-players">{arrow(count(d.playersBefore), count(d.playersAfter))}</span>,
          },
          {
            key: 'phase',
            label: t('abtest.impact.phase'),
            children: arrow(String(d.phaseBefore), String(d.phaseAfter)),
          },
        ]}
      />
      {d.phaseAfter > d.phaseBefore && d.phaseBefore > 0 && (
        <Alert type="warning" showIcon title={t('abtest.impact.newPhase')} />
      )}
      <Typography.Text type="secondary">
        {t('abtest.impact.free', { n: formatNumber(d.layerFreePercent) })}
      </Typography.Text>
    </Space>
  );
}

/** A config field's type, read once per field (cached by the query client). */
function useFieldType(field: string | undefined) {
  const found = useEndpointQuery(
    endpointsOf(configResource).get,
    { params: { key: field ?? '' } },
    { enabled: Boolean(field), retry: false },
  );
  return (found.data as ConfigField | undefined)?.type;
}

type Variable = { field: string; value?: unknown };

/** One field of a variation: whether the variation changes it, and to what (an editor of the field's type). */
function VariableRow({
  field,
  variable,
  onChange,
  testId,
}: {
  field: string;
  variable: Variable | undefined;
  onChange: (next: Variable | undefined) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const type = useFieldType(field);
  return (
    <Space wrap align="center">
      <Checkbox
        checked={Boolean(variable)}
        onChange={(e) =>
          onChange(e.target.checked ? { field, value: type ? blankValueOf(type) : undefined } : undefined)
        }
        data-testid={`${testId}-changes`}
      >
        {variable ? t('abtest.variations.changes', { field }) : `${field}: ${t('abtest.variations.unchanged')}`}
      </Checkbox>
      {variable && type && (
        <ValueEditor
          type={type}
          aria-label={t('abtest.variations.value', { field })}
          value={variable.value}
          onChange={(value) => onChange({ field, value })}
          testId={`${testId}-value`}
        />
      )}
    </Space>
  );
}

/** A variation's variables over the experiment's config fields (a field left out keeps its usual value). */
function VariablesInput({
  fields,
  value,
  onChange,
  testId,
}: {
  fields: string[];
  value?: Variable[];
  onChange?: (v: Variable[]) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const current = value ?? [];
  if (fields.length === 0)
    return <Typography.Text type="secondary">{t('abtest.variations.chooseFields')}</Typography.Text>;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {fields.map((field, i) => (
        <VariableRow
          key={field}
          field={field}
          variable={current.find((v) => v.field === field)}
          testId={`${testId}-${i}`}
          onChange={(next) => {
            const rest = current.filter((v) => v.field !== field && fields.includes(v.field));
            onChange?.(next ? [...rest, next] : rest);
          }}
        />
      ))}
    </Space>
  );
}

/** The variations: name, weight and variables each; the first is the control. */
export function VariationsEditor({ weightsOnly = false }: { weightsOnly?: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const fields = ((Form.useWatch('configFields', form) as string[] | undefined) ?? []).filter(Boolean);
  return (
    <Form.List name="variations">
      {(rows, { add, remove }) => (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="variations-editor">
          {rows.map((row, i) => (
            <div key={row.key} style={{ border: '1px solid rgba(128,128,128,0.35)', borderRadius: 8, padding: 12 }}>
              <Space wrap align="start">
                <Form.Item
                  name={[row.name, 'name']}
                  label={t('abtest.variations.name')}
                  style={{ marginBottom: 8 }}
                  hidden={weightsOnly}
                >
                  <TextInput
                    field={['variations', row.name, 'name']}
                    style={{ width: 200 }}
                    data-testid={`variation-name-${i}`}
                  />
                </Form.Item>
                {weightsOnly && (
                  <Typography.Text strong>{form.getFieldValue(['variations', row.name, 'name'])}</Typography.Text>
                )}
                <Form.Item
                  name={[row.name, 'weight']}
                  label={t('abtest.variations.weight')}
                  style={{ marginBottom: 8 }}
                >
                  <NumberInput style={{ width: 120 }} data-testid={`variation-weight-${i}`} />
                </Form.Item>
                {i === 0 && <Tag>{t('abtest.control')}</Tag>}
                {!weightsOnly && rows.length > 2 && (
                  <Button onClick={() => remove(row.name)}>{t('abtest.variations.remove')}</Button>
                )}
              </Space>
              <Form.Item name={[row.name, 'variables']} style={{ marginBottom: 0 }} hidden={weightsOnly}>
                <VariablesInput fields={fields} testId={`variation-${i}-var`} />
              </Form.Item>
            </div>
          ))}
          {!weightsOnly && rows.length < 10 && (
            <Button
              type="dashed"
              onClick={() => add({ name: '', weight: 0, variables: [] })}
              data-testid="variation-add"
            >
              {t('abtest.variations.add')}
            </Button>
          )}
        </Space>
      )}
    </Form.List>
  );
}

/** Metrics: day-1 and day-7 retention, and named events (any / count / sum). */
function MetricsInput({ value, onChange }: { value?: string[]; onChange?: (v: string[]) => void }) {
  const { t } = useTranslation();
  const metrics = value ?? [];
  const events = metrics.filter((m) => m.startsWith('event:'));
  const [name, setName] = useState('');
  const [aggregate, setAggregate] = useState<(typeof eventAggregates)[number]>('count');
  const toggle = (m: string, on: boolean) =>
    onChange?.(on ? [...metrics.filter((x) => x !== m), m] : metrics.filter((x) => x !== m));
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        {(['retention:1', 'retention:7'] as const).map((m) => (
          <Checkbox key={m} checked={metrics.includes(m)} onChange={(e) => toggle(m, e.target.checked)}>
            {metricLabel(m)[currentLocale()]}
          </Checkbox>
        ))}
      </Space>
      {events.map((m) => (
        <Space key={m} wrap>
          <Tag>{metricLabel(m)[currentLocale()]}</Tag>
          <Button size="small" onClick={() => toggle(m, false)}>
            {t('abtest.metrics.remove')}
          </Button>
        </Space>
      ))}
      <Space wrap>
        <Input
          aria-label={t('abtest.metrics.eventName')}
          placeholder={t('abtest.metrics.eventName')}
          value={name}
          onChange={(e) => setName(e.target.value.trim())}
          style={{ width: 200 }}
          data-testid="metric-event-name"
        />
        <Select
          aria-label={t('abtest.metrics.aggregate')}
          value={aggregate}
          onChange={setAggregate}
          style={{ width: 200 }}
          options={eventAggregates.map((a) => ({ value: a, label: eventAggregateLabels[a][currentLocale()] }))}
        />
        <Button
          disabled={!name}
          onClick={() => {
            toggle(`event:${name}:${aggregate}`, true);
            setName('');
          }}
        >
          {t('abtest.metrics.add')}
        </Button>
      </Space>
    </Space>
  );
}

/** Forced test players: user ID and the variation (by name) each gets. */
function ForcedEditor() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const variations = (Form.useWatch('variations', form) as { name?: string }[] | undefined) ?? [];
  return (
    <Form.List name="forced">
      {(rows, { add, remove }) => (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {rows.map((row) => (
            <Space key={row.key} wrap align="baseline">
              <Form.Item name={[row.name, 'userId']} style={{ marginBottom: 0 }}>
                <NumberInput aria-label={t('abtest.forced.userId')} style={{ width: 200 }} />
              </Form.Item>
              <Form.Item name={[row.name, 'variation']} style={{ marginBottom: 0 }}>
                <Select
                  aria-label={t('abtest.forced.variation')}
                  style={{ width: 200 }}
                  options={variations.map((v, i) => ({ value: i, label: v.name || `#${i + 1}` }))}
                />
              </Form.Item>
              <Button onClick={() => remove(row.name)}>{t('abtest.forced.remove')}</Button>
            </Space>
          ))}
          <Button type="dashed" onClick={() => add({ variation: 0 })}>
            {t('abtest.forced.add')}
          </Button>
        </Space>
      )}
    </Form.List>
  );
}

/** The config fields it changes: one picker per field. */
function ConfigFieldsEditor() {
  const { t } = useTranslation();
  return (
    <Form.List name="configFields">
      {(rows, { add, remove }) => (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {rows.map((row, i) => (
            <Space key={row.key} wrap align="baseline">
              <Form.Item name={row.name} style={{ marginBottom: 0 }}>
                <ResourcePicker resource={configResource} style={{ width: 260 }} testId={`experiment-field-${i}`} />
              </Form.Item>
              <Button onClick={() => remove(row.name)}>{t('abtest.fields.remove')}</Button>
            </Space>
          ))}
          <Button type="dashed" onClick={() => add()} data-testid="experiment-field-add">
            {t('abtest.fields.add')}
          </Button>
        </Space>
      )}
    </Form.List>
  );
}

/** The lifecycle as it stands (the server's; read-only here). */
function Lifecycle() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const doc = form.getFieldsValue(true) as Partial<Experiment>;
  if (!doc.status) return null;
  const buckets = bucketCount(doc.ranges ?? []);
  return (
    <Form.Item label={t('abtest.lifecycle')}>
      <Space wrap>
        <StatusTag status={doc.status} />
        {doc.status === 'running' && (
          <span>
            {t('abtest.lifecycleText', {
              phase: doc.phase,
              buckets: formatNumber(buckets),
              percent: formatNumber(buckets / 100),
            })}
          </span>
        )}
      </Space>
    </Form.Item>
  );
}

/** The whole experiment form (the edit page). */
function ExperimentForm({ itemProps, editing }: ResourceFormProps) {
  return (
    <>
      {editing && <Lifecycle />}
      <Form.Item {...itemProps('key')}>
        <TextInput field="key" disabled={editing} data-testid="experiment-key" />
      </Form.Item>
      <Form.Item {...itemProps('name')}>
        <TextInput field="name" data-testid="experiment-name" />
      </Form.Item>
      <Form.Item {...itemProps('info')}>
        <TextInput field="info" />
      </Form.Item>
      <Form.Item {...itemProps('hypothesis')}>
        <LongText field="hypothesis" />
      </Form.Item>
      <Form.Item {...itemProps('description')}>
        <LongText field="description" />
      </Form.Item>
      <Form.Item {...itemProps('owner')}>
        <TextInput field="owner" />
      </Form.Item>
      <Form.Item {...itemProps('layer')}>
        <ResourcePicker resource={abLayerResource} style={{ maxWidth: 320 }} testId="experiment-layer" />
      </Form.Item>
      <Form.Item {...itemProps('configFields')}>
        <ConfigFieldsEditor />
      </Form.Item>
      <Form.Item {...itemProps('targeting')}>
        <ConditionsEditor name="targeting" path={['targeting']} />
      </Form.Item>
      <TimeWindowItems itemProps={itemProps} />
      <Form.Item {...itemProps('coverage')}>
        <NumberInput style={{ width: 160 }} data-testid="experiment-coverage" />
      </Form.Item>
      <Form.Item {...itemProps('variations')}>
        <VariationsEditor />
      </Form.Item>
      <Form.Item {...itemProps('forced')}>
        <ForcedEditor />
      </Form.Item>
      <Form.Item {...itemProps('metrics')}>
        <MetricsInput />
      </Form.Item>
    </>
  );
}

/** Holds a value in the form without showing it. */
const Kept = (_: { value?: unknown }) => null;

/** The experiment's other fields, kept in the form (sent back as they are) by a page that edits a part. */
export function KeptFields({ except }: { except: readonly string[] }) {
  return (
    <>
      {Object.keys(experimentResource.schema.shape)
        .filter((f) => !except.includes(f))
        .map((f) => (
          <Form.Item key={f} name={f} hidden noStyle>
            <Kept />
          </Form.Item>
        ))}
    </>
  );
}

/** The parts of an experiment a save changes, in words: traffic (its % and weights) or each field by its label. */
function changedParts(after: Experiment, before: Experiment, t: TFunction) {
  const locale = currentLocale();
  const owned = new Set(serverOwnedFields(experimentResource));
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  const weights = (e: Experiment) => e.variations.map((v) => v.weight);
  const withoutWeights = (e: Experiment) => e.variations.map(({ weight: _, ...v }) => v);
  const traffic = after.coverage !== before.coverage || !same(weights(after), weights(before));
  const fields = (Object.keys(after) as (keyof Experiment)[]).filter(
    (f) =>
      !owned.has(f) &&
      f !== 'coverage' &&
      (f === 'variations' ? !same(withoutWeights(after), withoutWeights(before)) : !same(after[f], before[f])),
  );
  const names = fields.map((f) => {
    const name = resourceFieldLabel(experimentResource, f)?.[locale] ?? f;
    // In an English sentence a field's name is lower case ("the planned end").
    return locale === 'en-US' ? name.charAt(0).toLowerCase() + name.slice(1) : name;
  });
  return { traffic, names: traffic ? [t('abtest.edit.traffic'), ...names] : names };
}

/** A running experiment's save asks first, naming what the operator changed (and the players traffic moves). */
const confirmRunning = (after: Experiment, before: Experiment | undefined, t: TFunction) => {
  if (before?.status !== 'running') return null;
  const { traffic, names } = changedParts(after, before, t);
  const fields = new Intl.ListFormat(currentLocale(), { type: 'conjunction' }).format(names);
  const onlyTraffic = traffic && names.length === 1;
  return {
    title:
      names.length === 0
        ? t('abtest.edit.nothingTitle', { key: before.key })
        : onlyTraffic
          ? t('abtest.traffic.confirmTitle', { key: before.key })
          : t('abtest.edit.confirmTitle', { key: before.key, fields }),
    statement: traffic ? (
      <ImpactFacts
        experiment={before.key}
        change="traffic"
        coverage={after.coverage}
        weights={after.variations.map((v) => v.weight)}
      />
    ) : null,
    okText:
      names.length === 0
        ? t('abtest.edit.nothingOk')
        : onlyTraffic
          ? t('abtest.traffic.confirmOk')
          : t('abtest.edit.confirmOk', { fields }),
  };
};

export const experimentScreen = resourceScreen({
  resource: experimentResource,
  entity: 'abtest.experimentEntity',
  render: {
    key: (row) => (
      <Link to={detailPath(row.key)} data-testid={`experiment-link-${row.key}`}>
        {row.key}
      </Link>
    ),
    status: (row) => <StatusTag status={row.status} />,
    coverage: (row) => percentText(row.coverage),
    variations: (row) => variationsText(row.variations),
    phase: (row) => (row.phase > 0 ? String(row.phase) : '-'),
  },
  blank: {
    coverage: 100,
    configFields: [],
    targeting: [],
    variations: [
      { name: 'control', weight: 50, variables: [] },
      { name: 'treatment', weight: 50, variables: [] },
    ],
    forced: [],
    metrics: ['retention:1', 'retention:7'],
    startAt: null,
    endAt: null,
  },
  actionContent: (action, keys) =>
    keys.length === 1 ? <ImpactFacts experiment={keys[0]} change={action as ExperimentChange} /> : undefined,
  actionOffered: (action, row) =>
    action === 'run'
      ? row.status === 'draft'
      : action === 'archive'
        ? row.status === 'draft' || row.status === 'stopped'
        : row.status === 'running' && (action !== 'ramp' || row.coverage < 100),
  // A running experiment's save reaches its players: it asks first, with the players it changes.
  confirm: confirmRunning,
  Form: ExperimentForm,
});

/** The variations page's form: names, weights and variables; everything else kept. */
export const variationScreen = resourceScreen({
  ...experimentScreen,
  Form: () => (
    <>
      <KeptFields except={['variations']} />
      <VariationsEditor />
    </>
  ),
});

/** The traffic page's form: traffic % and weights. */
export const trafficScreen = resourceScreen({
  ...experimentScreen,
  Form: ({ itemProps }) => {
    const { t } = useTranslation();
    return (
      <>
        <KeptFields except={['variations', 'coverage']} />
        <Form.Item {...itemProps('coverage')} extra={t('abtest.traffic.coverageHint')}>
          <NumberInput style={{ width: 160 }} data-testid="traffic-coverage" />
        </Form.Item>
        <Form.Item label={t('abtest.traffic.weights')}>
          <VariationsEditor weightsOnly />
        </Form.Item>
      </>
    );
  },
});
