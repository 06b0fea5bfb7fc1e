import type { FastifyInstance } from 'fastify';
import type { Clock } from './platform/clock.js';
import type { Config } from './platform/config.js';
import type { Database } from './platform/db/client.js';
import type { JobQueue } from './platform/jobs/index.js';
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
}

/** An area's entry point: registers its endpoints (and resources, views) on the app. */
export type Module = (deps: ModuleDeps) => void | Promise<void>;
