import {
  type Announcement,
  type AnnouncementKind,
  compareVersions,
  compileConditions,
  type GameAnnouncements,
  type PlayerAttributes,
  parseVersion,
  pickText,
  type StandingNotice,
  storedRules,
} from '@rookery/contracts';
import { etagOf, type PreparedAnswer } from '../../platform/http/etag.js';
import type { ItemsByKind, StoredItem } from '../../platform/resources/game-views.js';
import { sanitizeRichText } from './sanitize.js';

/** Texts per language, the body sanitised once when compiled. */
type Texts = Record<string, { title: string; body: string }>;

interface CompiledAnnouncement {
  id: number;
  kind: AnnouncementKind;
  texts: Texts;
  imageUrl: string;
  priority: number;
  from: number;
  to: number;
  effectiveAt: string | null;
  expireAt: string | null;
  matches: (attrs: PlayerAttributes, now: number) => boolean;
}

interface CompiledNotice {
  key: string;
  kind: StandingNotice['kind'];
  version: number[] | null;
  appVersion: string;
  texts: Texts;
  from: number;
  to: number;
  /** Newest first among several: the latest start. */
  order: number;
}

export interface CompiledAnnouncements {
  announcements: CompiledAnnouncement[];
  notices: CompiledNotice[];
  /** Announcement ids by kind, for the seen call. */
  kinds: Map<number, AnnouncementKind>;
  updateNotes: Set<string>;
  /**
   * The game's answers made from this view, by what decides an answer (`answerKey`): players who
   * see the same announcements and notices in the same language share one body, its tag and its
   * compressed forms (`sendPrepared`). Gone with the view at the next change; emptied when full.
   */
  answers: Map<string, PreparedAnswer>;
}

/** Most answers kept per compiled view (a body is a few kB to tens of kB). */
export const MAX_SHARED_ANSWERS = 1000;

const textsOf = (d: { titleZh: string; titleEn: string; bodyZh: string; bodyEn: string }): Texts => ({
  'zh-CN': { title: d.titleZh, body: sanitizeRichText(d.bodyZh) },
  'en-US': { title: d.titleEn, body: sanitizeRichText(d.bodyEn) },
});

const windowOf = (item: StoredItem) => ({
  from: item.effectiveAt?.getTime() ?? Number.NEGATIVE_INFINITY,
  to: item.expireAt?.getTime() ?? Number.POSITIVE_INFINITY,
});

/** The announcements and standing notices, compiled once per change: sorted, texts sanitised, conditions compiled. */
export function compileAnnouncements(items: ItemsByKind): CompiledAnnouncements {
  const announcements = (items.get('announcement') ?? []).map((item): CompiledAnnouncement => {
    const d = item.document as Announcement;
    return {
      id: Number(item.key),
      kind: d.kind,
      texts: textsOf(d),
      imageUrl: d.imageUrl,
      priority: d.priority,
      ...windowOf(item),
      effectiveAt: item.effectiveAt?.toISOString() ?? null,
      expireAt: item.expireAt?.toISOString() ?? null,
      matches: compileConditions(storedRules(d.conditions ?? [])),
    };
  });
  // Highest priority first, then the newest (latest start; an open start counts as oldest), then the highest id.
  announcements.sort(
    (a, b) =>
      b.priority - a.priority ||
      (a.from === b.from
        ? 0
        : a.from === Number.NEGATIVE_INFINITY
          ? 1
          : b.from === Number.NEGATIVE_INFINITY
            ? -1
            : b.from - a.from) ||
      b.id - a.id,
  );
  const notices = (items.get('standingNotice') ?? [])
    .filter((item) => (item.document as StandingNotice).enabled)
    .map((item): CompiledNotice => {
      const d = item.document as StandingNotice;
      const w = windowOf(item);
      return {
        key: item.key,
        kind: d.kind,
        version: d.kind === 'updateNotes' ? parseVersion(d.appVersion) : null,
        appVersion: d.appVersion,
        texts: textsOf(d),
        ...w,
        order: Number.isFinite(w.from) ? w.from : 0,
      };
    })
    .sort((a, b) => b.order - a.order || a.key.localeCompare(b.key));
  return {
    announcements,
    notices,
    kinds: new Map(announcements.map((a) => [a.id, a.kind])),
    updateNotes: new Set(notices.filter((n) => n.kind === 'updateNotes').map((n) => n.key)),
    answers: new Map(),
  };
}

const inWindow = (x: { from: number; to: number }, now: number) => x.from <= now && now < x.to;

/** What one player sees now, as compiled parts: the announcements in order, the notices, the language. */
interface Selection {
  language: string | null;
  announcements: CompiledAnnouncement[];
  login: CompiledNotice | undefined;
  notes: CompiledNotice | undefined;
}

function select(
  compiled: CompiledAnnouncements,
  attrs: PlayerAttributes,
  seen: ReadonlySet<string>,
  now: number,
): Selection {
  const announcements = compiled.announcements.filter(
    (a) => inWindow(a, now) && !(a.kind === 'loginPopup' && seen.has(`a:${a.id}`)) && a.matches(attrs, now),
  );
  const login = compiled.notices.find((n) => n.kind === 'loginScreen' && inWindow(n, now));
  const version = attrs.appVersion ? parseVersion(attrs.appVersion) : null;
  const notes = version
    ? compiled.notices.find(
        (n) =>
          n.kind === 'updateNotes' &&
          n.version !== null &&
          compareVersions(n.version, version) === 0 &&
          inWindow(n, now) &&
          !seen.has(`n:${n.key}`),
      )
    : undefined;
  return { language: attrs.appLanguage ?? null, announcements, login, notes };
}

/** The answer of a selection: each text in the player's language (`pickText`, fallback Chinese). */
function answerOf({ language, announcements, login, notes }: Selection): GameAnnouncements {
  const pick = (texts: Texts) => {
    const { lang } = pickText(Object.fromEntries(Object.entries(texts).map(([l, t]) => [l, t.title])), language);
    const t = texts[lang] ?? texts['zh-CN'];
    return { lang, title: t.title, body: t.body };
  };
  return {
    announcements: announcements.map((a) => ({
      id: a.id,
      kind: a.kind,
      ...pick(a.texts),
      imageUrl: a.imageUrl,
      priority: a.priority,
      effectiveAt: a.effectiveAt,
      expireAt: a.expireAt,
    })),
    loginNotice: login ? { id: login.key, ...pick(login.texts) } : null,
    updateNotes: notes ? { id: `notes:${notes.key}`, appVersion: notes.appVersion, ...pick(notes.texts) } : null,
  };
}

/** What one player sees now: pure, from the compiled view, the player's attributes and what they have seen. */
export function playerAnnouncements(
  compiled: CompiledAnnouncements,
  attrs: PlayerAttributes,
  seen: ReadonlySet<string>,
  now: number,
): GameAnnouncements {
  return answerOf(select(compiled, attrs, seen, now));
}

/**
 * Everything an answer is made of, given the view: the language and the announcements and
 * notices picked (their texts, order and fields are the view's). Separated by a character no
 * language tag, number or key holds.
 */
const answerKey = (s: Selection) =>
  [s.language ?? '', s.login?.key ?? '', s.notes?.key ?? '', ...s.announcements.map((a) => a.id)].join('\u0000');

/**
 * The game's answer (`{code, data, msg}`) for one player now, made once for every player whose
 * selection is the same (`answers`): the body, its tag and, through `sendPrepared`, its
 * compressed forms.
 */
export function preparedPlayerAnnouncements(
  compiled: CompiledAnnouncements,
  attrs: PlayerAttributes,
  seen: ReadonlySet<string>,
  now: number,
): PreparedAnswer {
  const selection = select(compiled, attrs, seen, now);
  const key = answerKey(selection);
  let answer = compiled.answers.get(key);
  if (!answer) {
    const body = JSON.stringify({ code: 200, data: answerOf(selection), msg: 'ok' });
    answer = { body, etag: etagOf(body) };
    if (compiled.answers.size >= MAX_SHARED_ANSWERS) compiled.answers.clear();
    compiled.answers.set(key, answer);
  }
  return answer;
}
