import { futureEndsOf, type Resource, resourceFieldLabel, serverOwnedFields, withFutureEnd } from '@rookery/contracts';
import { Button, Form, type FormInstance, Space } from 'antd';
import type { TFunction } from 'i18next';
import { isValidElement, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useEndpointMutation } from '../../api/endpoint-query';
import { AuditDiff } from '../AuditDiff';
import { useConfirm } from '../Consequence';
import { type Words, wordsText } from '../fields';
import { TimeWindowItems } from '../form-items';
import { SchemaField } from '../SchemaField';
import { SchemaFormShell } from '../SchemaFormShell';
import { useSchemaForm } from '../useSchemaForm';
import { fieldRows } from './declared-form';
import { endpointsOf, itemDocument, storedAfterSave } from './endpoints';
import type { ResourceFormProps, ResourceItem, ResourceScreen, Widget } from './screen';
import '../kit-texts';
import { TextInput } from '../schema-fields';

/**
 * The edit form of any resource: the area's own fields, the window when the resource has one,
 * and a version comment. Saving something the game reads is a publication (UX.md §1): Enter does
 * not send it, and the button first shows what will change and asks to publish.
 */
export function ResourceForm<R extends Resource>({
  screen,
  item,
  onSaved,
  beside,
}: {
  screen: ResourceScreen<R>;
  item?: ResourceItem<R>;
  onSaved: (saved: ResourceItem<R>) => void;
  /** What goes beside the save button: the way back or a cancel. */
  beside: ReactNode;
}) {
  const { resource } = screen;
  const { t } = useTranslation();
  const askFirst = useConfirm();
  const endpoints = endpointsOf(resource);
  const creating = useEndpointMutation(endpoints.create);
  const updating = useEndpointMutation(endpoints.update);
  const current = item as Record<string, unknown> | undefined;
  const key = (data: Record<string, unknown>) => String(data[resource.key]);
  const entity = t(screen.entity);

  /** Saving what the game reads is a publication: it shows the change and asks first. */
  const confirmPublish = async (data: Record<string, unknown>) => {
    // The change as the server will store it: the fields it owns stay the stored ones.
    const before = itemDocument(resource, current);
    const after = storedAfterSave(resource, itemDocument(resource, data), before);
    const own = screen.confirm?.(after, before, t) ?? null;
    if (!resource.gameVisible && !screen.publishes && !own) return true;
    return askFirst({
      title: own?.title ?? t('resource.publishTitle', { entity, key: key(data) }),
      width: 720,
      danger: false,
      content: (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="resource-confirm">
          {own?.statement}
          {resource.gameVisible || screen.publishes ? t('resource.publishBody') : t('resource.changesBody')}
          <AuditDiff
            before={before}
            after={after}
            labels={(f) => label(screen, f, t)}
            skip={serverOwnedFields(resource)}
          />
        </Space>
      ),
      okText: own?.okText ?? t('resource.publishOk'),
    });
  };

  // A window that has already ended is refused before the confirmation, as the server refuses it
  // (with its clock): the one stored may stay while other fields change.
  const schema = useMemo(
    () =>
      futureEndsOf(resource).reduce<z.ZodType>(
        (s, { field, message }) => withFutureEnd(s, [field], message, Date.now, current),
        resource.body,
      ),
    [resource, current],
  );
  const schemaForm = useSchemaForm(schema, async (data) => {
    const body = data as Record<string, unknown>;
    if (!(await confirmPublish(body))) return;
    const saved = (
      current
        ? await updating.mutateAsync({ params: { key: key(current) }, body })
        : await creating.mutateAsync({ body })
    ) as ResourceItem<R>;
    onSaved(saved);
  });

  const { form, itemProps, submitting } = schemaForm;
  // Each field's props carry its declared label (`screen.labels`), so the screens do not repeat it.
  const labelledItemProps = (name: string) => ({ ...itemProps(name), label: label(screen, name, t) });

  const initialValues = current
    ? { ...itemDocument(resource, current), comment: undefined }
    : { ...screen.blank, effectiveAt: null, expireAt: null };

  return (
    <SchemaFormShell
      schemaForm={schemaForm}
      schema={schema}
      name={`${resource.name}-edit`}
      testId={`${resource.name}-form`}
      initialValues={initialValues}
      consequential
    >
      {screen.Form ? (
        <screen.Form itemProps={labelledItemProps} form={form} editing={Boolean(current)} />
      ) : (
        <DeclaredFields screen={screen} itemProps={labelledItemProps} form={form} editing={Boolean(current)} />
      )}
      {resource.window && (
        <TimeWindowItems
          itemProps={itemProps}
          names={['effectiveAt', 'expireAt']}
          labels={[t('resource.effectiveAt'), t('resource.expireAt')]}
        />
      )}
      {resource.versioned && (
        <Form.Item {...itemProps('comment')} label={t('resource.comment')} extra={t('resource.commentHint')}>
          <TextInput field="comment" data-testid="version-comment" />
        </Form.Item>
      )}
      <Space>
        <Button type="primary" htmlType="submit" loading={submitting} data-testid="resource-save">
          {t('common.save')}
        </Button>
        {beside}
      </Space>
    </SchemaFormShell>
  );
}

/**
 * A document field's words, declared once: the screen's own i18n key where it words the field
 * differently, else the resource declaration's label (contracts), else the vocabulary's name for
 * a field records share, else the kit's window fields.
 */
export function fieldWords<R extends Resource>(screen: ResourceScreen<R>, field: string): Words | undefined {
  const own = (screen.labels as Record<string, string> | undefined)?.[field];
  if (own) return own;
  const declared = resourceFieldLabel(screen.resource, field);
  if (declared) return declared;
  if (field === 'effectiveAt' || field === 'expireAt') return `resource.${field}`;
  return undefined;
}

/** A document field's label in the operator's words (unknown names: undefined). */
export function label<R extends Resource>(screen: ResourceScreen<R>, field: string, t: TFunction): string | undefined {
  const words = fieldWords(screen, field);
  return words === undefined ? undefined : wordsText(t, words);
}

/** The declared `fields` in order: each its own widget if the screen has one, else the schema's. */
/** A declaration's per-field map, read by any field name (the kit's code is not generic in the resource). */
const byName = <T,>(map: object | undefined) => (map ?? {}) as Record<string, T | undefined>;

function DeclaredFields<R extends Resource>({
  screen,
  itemProps,
  form,
  editing,
}: {
  screen: ResourceScreen<R>;
  itemProps: ResourceFormProps['itemProps'];
  form: FormInstance;
  editing: boolean;
}) {
  const { resource } = screen;
  const { t } = useTranslation();
  if (!screen.fields) throw new Error(`resource screen ${resource.name}: declare its fields or its Form`);
  const own = byName<Widget>(screen.widgets);
  const hints = byName<string>(screen.hints);
  const placeholders = byName<string>(screen.placeholders);
  // The declared hint is the item's `extra`, for a schema field and a screen's own widget alike.
  const item: ResourceFormProps['itemProps'] = (name) => {
    const hint = hints[name];
    return hint ? { ...itemProps(name), extra: t(hint) } : itemProps(name);
  };
  const field = (name: string) => {
    const widget = own[name];
    if (isValidElement(widget))
      return (
        <Form.Item key={name} {...item(name)}>
          {widget}
        </Form.Item>
      );
    if (widget) {
      const Own = widget;
      return <Own key={name} itemProps={item} form={form} editing={editing} />;
    }
    const placeholder = placeholders[name];
    return (
      <SchemaField
        key={name}
        name={name}
        itemProps={item}
        disabled={editing && name === resource.key}
        testId={`${resource.name}-${name}`}
        placeholder={placeholder && t(placeholder)}
      />
    );
  };
  const when = byName<(values: Record<string, unknown>) => boolean>(screen.shownWhen);
  // A conditional field follows the form's values: antd renders it again on every change.
  const shown = (name: string) => {
    const test = when[name];
    if (!test) return field(name);
    return (
      <Form.Item key={name} noStyle shouldUpdate>
        {() => (test(form.getFieldsValue(true)) ? field(name) : null)}
      </Form.Item>
    );
  };
  return fieldRows(screen.fields).map((row) =>
    row.length === 1 ? (
      shown(row[0])
    ) : (
      <Space key={row.join()} wrap align="start">
        {row.map(shown)}
      </Space>
    ),
  );
}
