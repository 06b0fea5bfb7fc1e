import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import type { Clock } from './platform/clock.js';
import type { Config } from './platform/config.js';
import type { Database } from './platform/db/client.js';
import type { JobDefinition, JobQueue } from './platform/jobs/index.js';
import type { Mailer } from './platform/mail/mailer.js';
import type { ResourceKit } from './platform/resources/registrar.js';

/**
 * Everything a module needs to register its endpoints. Its own file, so a module never imports
 * `app.ts` (which imports every module).
 */
export interface ModuleDeps {
  app: FastifyInstance;
  config: Config;
  database: Database;
  gameKeyHash: string;
  mailer: Mailer;
  /** Every time rule reads this, never `Date.now()`. */
  clock: Clock;
  /**
   * The one resource kit of the process: areas register their resources and their game-facing
   * views on it; it compiles what the game reads once per change for all of them.
   */
  kit: ResourceKit;
  /** The process's jobs: areas declare theirs with `jobs.register(defineJob(...))`. */
  jobs: JobQueue;
  /** The `/metrics` registry: an area adds its gauges (read when scraped). */
  metrics: Registry;
}

/** An area's entry point: registers its endpoints (and resources, views) on the app. */
export type Module = (deps: ModuleDeps) => void | Promise<void>;

/**
 * One area of the server (`modules/<area>/area.ts`): everything it brings, declared once. `app.ts`
 * starts the areas of `src/areas.ts` in the order their `needs` give (`startOrder`), registers
 * their jobs, and `schema.ts` folds their tables, so an area is one folder and one line in that list.
 */
export interface Area {
  /** The area's name (its folder's), as other areas' `needs` name it. */
  name: string;
  /**
   * The areas whose registration must come first (a decorator, a kit part or a layer they give),
   * and every area whose code it imports: `packages/server/.dependency-cruiser.cjs` (run by
   * `npm run lint`) refuses an import of an area not named here.
   */
  needs?: readonly string[];
  /** The exports of its `tables.ts` (the schema and the test harness fold them). */
  tables?: Readonly<Record<string, unknown>>;
  /** Its persisted jobs, registered on the process's queue before `register` runs. */
  jobs?: readonly JobDefinition[];
  /** Registers its endpoints, resources and game views on the app. */
  register: Module;
}

/** Declare an area (the identity: a typed spot for the declaration). */
export function defineArea<A extends Area>(area: A): A {
  return area;
}

/**
 * The areas in an order where each comes after every area it needs (a stable topological sort:
 * ties keep the list's order). An unknown need, a name declared twice or a cycle fails with the
 * names involved, so a wrong declaration stops the start instead of leaving a hook unset.
 */
export function startOrder<A extends Area>(areas: readonly A[]): A[] {
  const byName = new Map<string, A>();
  for (const a of areas) {
    if (byName.has(a.name)) throw new Error(`area ${a.name} is declared twice`);
    byName.set(a.name, a);
  }
  for (const a of areas)
    for (const n of a.needs ?? [])
      if (!byName.has(n)) throw new Error(`area ${a.name} needs ${n}, which is not in the list of areas`);
  const out: A[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (a: A, path: string[]) => {
    const s = state.get(a.name);
    if (s === 'done') return;
    if (s === 'visiting') {
      const cycle = [...path.slice(path.indexOf(a.name)), a.name];
      throw new Error(`areas need each other in a cycle: ${cycle.join(' → ')}`);
    }
    state.set(a.name, 'visiting');
    for (const n of a.needs ?? []) visit(byName.get(n)!, [...path, a.name]);
    state.set(a.name, 'done');
    out.push(a);
  };
  for (const a of areas) visit(a, []);
  return out;
}
