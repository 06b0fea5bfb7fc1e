import { type Label, zhEn } from './bilingual.js';

/**
 * The pieces an area's audit declaration (`defineArea({ audit })`) is written with: what an entry
 * recorded, and the sentences of the usual actions. The table they fill is `audit-actions.ts`,
 * the fold of every area's declaration.
 */

/** What an entry recorded, for the links that need more than the target (a mail's scope). */
export interface AuditRecord {
  before?: unknown;
  after?: unknown;
}

/** A string field an entry recorded, after the change first. */
export const recordedField = (entry: AuditRecord, field: string): string | undefined => {
  for (const side of [entry.after, entry.before]) {
    const value = side && typeof side === 'object' ? (side as Record<string, unknown>)[field] : undefined;
    if (typeof value === 'string') return value;
  }
  return undefined;
};

/** A kind of object an audit entry's target names: how a sentence writes it, and where it links. */
export interface AuditObject {
  /** How the object is written in a sentence: `{id}` is the target's identifier. */
  label: Label;
  /**
   * The console page it links to: a route name of the route table, and the query that names the
   * object there (null: the entry does not say enough to link). Without it, plain text.
   */
  page?: { route: string; query: (id: string, entry: AuditRecord) => Record<string, string> | null };
  /** The word the server writes before the id (`staff:alice`) when it is not the kind's name. */
  prefix?: string;
}

/** What an audit action means, in the operator's words. */
export interface AuditAction {
  /** The label of the action (filters, columns). */
  label: Label;
  /** The sentence, subject omitted (the actor is shown beside it); objects as `{kind}` placeholders. */
  sentence: Label;
  /** What a bare target (no `kind:` prefix) names. */
  target?: string;
}

/** An area's audit vocabulary: its object kinds and its actions (named as its endpoints, or their `audit`). */
export interface AreaAudit {
  objects?: Readonly<Record<string, AuditObject>>;
  actions?: Readonly<Record<string, AuditAction>>;
}

/** An action on one player. */
export const player = (label: Label, sentence: Label): AuditAction => ({ label, sentence, target: 'player' });

/** The four changes of a versioned resource (the kit's endpoint names), as sentences about `kind`. */
export const resourceActions = <K extends string>(kind: K, name: Label) => {
  const o = `{${kind}}`;
  const entry = (zhVerb: string, enVerb: string, zhTail = '', enTail = ''): AuditAction => ({
    label: zhEn(`${zhVerb}${name['zh-CN']}`, `${enVerb} ${name['en-US']}`),
    sentence: zhEn(`${zhVerb}了${o}${zhTail}`, `${enVerb.toLowerCase()}d ${o}${enTail}`),
    target: kind,
  });
  return {
    [`${kind}Create`]: entry('创建', 'Create'),
    [`${kind}Update`]: entry('修改', 'Update'),
    [`${kind}Delete`]: entry('删除', 'Delete'),
    [`${kind}Restore`]: entry('恢复', 'Restore', '的旧版本', ' to an old version'),
  } as Record<`${K}${'Create' | 'Update' | 'Delete' | 'Restore'}`, AuditAction>;
};
