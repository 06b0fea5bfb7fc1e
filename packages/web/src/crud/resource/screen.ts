import type { Resource, RouteName } from '@rookery/contracts';
import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import type { z } from 'zod';
import type { SchemaForm } from '../useSchemaForm';

/** A resource's document as the console edits it. */
export type ResourceDoc<R extends Resource> = z.infer<R['schema']>;
/** One item as the list shows it: the document and the kit's fields (version, window, who and when). */
export type ResourceItem<R extends Resource> = z.infer<R['item']>;

/**
 * A callback a screen declares for its own resource's items. Declared as a method, whose
 * parameters TypeScript checks both ways, so a screen of one resource is also a screen of
 * `Resource` (the kit's pages take any screen) without a cast; the kit calls it only with that
 * resource's items.
 */
type ForItems<Args extends unknown[], Out> = { call(...args: Args): Out }['call'];

/** A screen's own widget for a field: an input the kit wraps in the field's item, or the whole item. */
export type Widget = ReactElement | ComponentType<ResourceFormProps>;

/** A declared form field, or a row of fields side by side. */
export type FieldLayout<Name extends string> = Name | readonly Name[];

export interface ResourceFormProps {
  /**
   * `itemProps(name)` for each `<Form.Item>`: the schema's live validation, required mark and the
   * field's label as declared in `labels` (translated; a `label=` after the spread replaces it).
   */
  itemProps: (name: string) => ReturnType<SchemaForm<z.ZodType>['itemProps']> & { label: string | undefined };
  form: FormInstance;
  /** Editing an existing item: its key cannot change. */
  editing: boolean;
}

/**
 * What the console adds to a resource's contracts declaration: the words for its fields, the
 * cells that need more than the value, and its form's own fields. Everything else — list,
 * search, paging, edit page or drawer, history, diff, restore, delete, publish confirmation —
 * comes from the kit.
 */
export interface ResourceScreen<R extends Resource = Resource> {
  resource: R;
  /**
   * i18n key of a field's label, only where the screen words it otherwise than the resource
   * declaration's `labels` (contracts) or the vocabulary's shared field names.
   */
  labels?: Partial<Record<keyof ResourceDoc<R> & string, string>>;
  /** i18n key of the item's name, e.g. `settings.constant.entity` (常量 / constant). */
  entity: string;
  /** Cells and detail rows that need more than the plain value. */
  render?: Partial<Record<keyof ResourceDoc<R> & string, ForItems<[row: ResourceItem<R>, t: TFunction], ReactNode>>>;
  /**
   * The form's fields in order, each with the widget its schema gives it (`SchemaField`): text or
   * text area by the cap, number with its range, switch, enum select, time picker with its UTC
   * line. A list of names is a row: those fields side by side, wrapping on a narrow screen (a
   * window's start and end). The key cannot change once saved. Used when there is no `Form`.
   */
  fields?: FieldLayout<keyof ResourceDoc<R> & string>[];
  /**
   * A field's own widget where the schema's is not enough: an input (`<ConditionsEditor />`),
   * which the kit puts in the field's form item with its label, hint and validation, or a
   * component that draws the whole item (a value editor by type, a field that reads another).
   */
  widgets?: Partial<Record<keyof ResourceDoc<R> & string, Widget>>;
  /** i18n key of a hint under a declared field ("below it, login is refused"). */
  hints?: Partial<Record<keyof ResourceDoc<R> & string, string>>;
  /**
   * A declared field shown only while the form's values say so: a purchase activity's items for
   * one kind, its spend and rewards for another. Hidden, it keeps its value (the schema decides
   * what a kind needs).
   */
  shownWhen?: Partial<Record<keyof ResourceDoc<R> & string, ForItems<[values: Partial<ResourceDoc<R>>], boolean>>>;
  /** i18n key of a declared text field's placeholder: an example of its format ("1.2.0"). */
  placeholders?: Partial<Record<keyof ResourceDoc<R> & string, string>>;
  /** A whole form of the screen's own, for a form that is more than its fields in order. */
  Form?: ComponentType<ResourceFormProps>;
  /** A new item's starting values. */
  blank: Partial<ResourceDoc<R>>;
  /**
   * One part of the resource on pages of its own (the fixed stores): the list shows only the items
   * this query selects (its filters are not offered), and these pages replace the resource's.
   */
  part?: {
    fixed: Record<string, string>;
    routes: { list: RouteName; edit?: RouteName; create?: RouteName };
  };
  /**
   * More for a declared list action's confirmation than its words (`list.actions`): e.g. the
   * players it reaches now, counted by the server. It may hold the confirm button until it has
   * loaded (`useHoldConfirm`).
   */
  actionContent?: (action: string, keys: string[]) => ReactNode;
  /** Whether a declared row action is offered on this row (e.g. only a draft can run); default: always. */
  actionOffered?: ForItems<[action: string, row: ResourceItem<R>], boolean>;
  /**
   * Saving reaches players although the game does not read the item from the content snapshot
   * (remote config, served per player): the save asks to publish, with the diff, like content.
   */
  publishes?: boolean;
  /**
   * A save that reaches players though the game does not read the item (a maintenance window
   * closes the game): what the confirmation states before it is sent, or null when this save
   * needs none. Game-visible resources always confirm (the kit's publication).
   */
  confirm?: ForItems<
    [after: ResourceDoc<R>, before: ResourceDoc<R> | undefined, t: TFunction],
    ResourceConfirmation | null
  >;
}

/** The confirmation of a consequential save: its title, the sentence stating action and audience, the button. */
export interface ResourceConfirmation {
  title: string;
  statement: ReactNode;
  okText: string;
}

export const resourceScreen = <R extends Resource>(screen: ResourceScreen<R>) => screen;
