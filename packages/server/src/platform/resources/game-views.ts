import type { Locale, PlayerAttributes } from '@rookery/contracts';
import { inArray } from 'drizzle-orm';
import type { Database, Db } from '../db/client.js';
import { followChanges, LiveSnapshot } from '../live-snapshot.js';
import { resourceItems } from './tables.js';
import type { AnyResource } from './views.js';

/**
 * The one compiler of what the game reads. A game-facing area declares a view: the resources it
 * reads and how it compiles their items; the kit keeps it as a live snapshot (compiled once per
 * change of any of those kinds, in any instance) and, when the view declares a part of the
 * player's answer, evaluates it per player with the player's attributes.
 */

/** One stored item as a view compiles it. */
export interface StoredItem {
  key: string;
  version: number;
  document: Record<string, unknown>;
  effectiveAt: Date | null;
  expireAt: Date | null;
}

/** The items of each kind a view reads, in key order (a kind with none has an empty list). */
export type ItemsByKind = ReadonlyMap<string, readonly StoredItem[]>;

/** Read every item of `kinds` in one statement, grouped by kind. */
export async function readItemsByKind(db: Db, kinds: readonly string[]): Promise<ItemsByKind> {
  const rows = await db
    .select({
      kind: resourceItems.kind,
      key: resourceItems.key,
      version: resourceItems.version,
      document: resourceItems.document,
      effectiveAt: resourceItems.effectiveAt,
      expireAt: resourceItems.expireAt,
    })
    .from(resourceItems)
    .where(inArray(resourceItems.kind, [...kinds]))
    .orderBy(resourceItems.kind, resourceItems.key);
  const byKind = new Map<string, StoredItem[]>(kinds.map((k) => [k, []]));
  for (const { kind, ...item } of rows) byKind.get(kind)?.push(item);
  return byKind;
}

/** A live snapshot compiled from the items of some resources. */
export class CompiledView<C> extends LiveSnapshot<C> {
  readonly channels: readonly string[];

  constructor(
    readonly resources: readonly Pick<AnyResource, 'name' | 'channel'>[],
    compile: (items: ItemsByKind) => C,
  ) {
    super(async (db) =>
      compile(
        await readItemsByKind(
          db,
          resources.map((r) => r.name),
        ),
      ),
    );
    this.channels = resources.map((r) => r.channel);
  }

  /** Drop it on every change of its kinds, from this process or another instance. */
  follow(database: Database): Promise<void> {
    return followChanges(database, this.channels, this);
  }
}

/** Who a per-player game read is for. */
export interface GamePlayer {
  userId: number;
  /** From the players area's one function (`readPlayerAttributes`). */
  attrs: PlayerAttributes;
  /** The caller's address (`req.ip`). */
  ip: string;
  /** The request's language (a refusal such as maintenance answers in it when the player has none). */
  locale?: Locale;
}

/**
 * A declared part of the player's game answer. Every `admit` part (the door, `kit.doorPart`)
 * runs before the `answer` part (remote config's, `kit.answerPart`), whatever order the areas
 * registered in: an admit part refuses by throwing an AppError (maintenance 503, forced upgrade
 * 426) or adds fields (an upgrade prompt); the answer part adds its fields (`values`, `version`,
 * `experiments`). What remote config's answer holds is extended by config layers
 * (`kit.configLayer`), not by more parts.
 */
export interface PlayerAnswerPart {
  name: string;
  stage: 'admit' | 'answer';
  /** `now` is the service clock's time of the read, the same for every part. */
  part: (db: Db, player: GamePlayer, now: Date) => Promise<Record<string, unknown> | undefined>;
}

/** The declared parts of the player's answer, and their evaluation. */
export class PlayerAnswer {
  private readonly parts: PlayerAnswerPart[] = [];
  private started = false;

  declare(part: PlayerAnswerPart): void {
    if (this.started) throw new Error(`player answer part ${part.name} declared after the server started`);
    if (this.parts.some((p) => p.name === part.name)) throw new Error(`player answer part ${part.name} declared twice`);
    if (part.stage === 'answer' && this.parts.some((p) => p.stage === 'answer'))
      throw new Error(`player answer part ${part.name}: the answer is remote config's; add a config layer instead`);
    this.parts.push(part);
  }

  /** No more parts: called when the server is ready. */
  seal(): void {
    this.started = true;
  }

  /** Every admit part, then every answer part; their fields merged in that order. */
  async evaluate(db: Db, player: GamePlayer, now: Date): Promise<Record<string, unknown>> {
    let out = await this.stage('admit', db, player, now);
    out = { ...out, ...(await this.stage('answer', db, player, now)) };
    return out;
  }

  /**
   * The door alone, for a per-player game read with an answer of its own (the store, the
   * mailbox): every admit part runs and may refuse (503 maintenance, 426 forced upgrade); the
   * fields they add (an upgrade prompt) belong to the config's answer and are not returned.
   */
  async admit(db: Db, player: GamePlayer, now: Date): Promise<void> {
    await this.stage('admit', db, player, now);
  }

  private async stage(stage: PlayerAnswerPart['stage'], db: Db, player: GamePlayer, now: Date) {
    let out: Record<string, unknown> = {};
    for (const p of this.parts)
      if (p.stage === stage) {
        const added = await p.part(db, player, now);
        if (added) out = { ...out, ...added };
      }
    return out;
  }
}
