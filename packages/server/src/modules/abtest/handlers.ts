import {
  type AbLayer,
  abLayerResource,
  type abtestEndpoints,
  type abtestExposureEndpoints,
  type abtestGameEndpoints,
  bucketCount,
  coverageBuckets,
  DAY_MS,
  type Experiment,
  experimentResource,
  freeBucketRanges,
  GAME_EVENT_MAX_AGE_DAYS,
  GAME_EVENT_MAX_AHEAD_MINUTES,
  LAYER_BUCKETS,
  layerExperimentOf,
  storedRules,
} from '@rookery/contracts';
import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.js';
import { dispatchGameEvents } from '../../platform/game-events.js';
import type { Handlers } from '../../platform/http/endpoints.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { readItemsByKind } from '../../platform/resources/game-views.js';
import { itemDocuments } from '../../platform/resources/items.js';
import { getItem } from '../../platform/resources/service.js';
import { countAudience } from '../players/audience.js';
import { existingPlayerIds, readPlayerAttributes } from '../players/service.js';
import { rampCoverage, runningExperiments } from './lifecycle.js';
import { experimentResults } from './results.js';
import { abExposures, gameEvents } from './tables.js';

/** The handlers of `abtestEndpoints`. */
export const abtestHandlers = (clock: Clock): Handlers<typeof abtestEndpoints> => ({
  experimentImpact: async ({ db, params, body, locale }) => {
    const now = clock.now();
    const doc = (await getItem(db, experimentResource, params.key, locale)).document as Experiment;
    const audience = await countAudience(db, storedRules(doc.targeting), now);
    const running = doc.status === 'running';
    const before = running ? bucketCount(doc.ranges) : 0;
    const after = await (async () => {
      switch (body.change) {
        case 'run':
          return doc.status === 'draft' ? coverageBuckets(doc.coverage) : before;
        case 'ramp': {
          // The action's own answer: the next step, or as far as the layer's free share reaches.
          const next = running ? await rampCoverage(db, doc) : null;
          return next === null ? before : coverageBuckets(next);
        }
        case 'traffic':
          return running ? Math.max(before, coverageBuckets(body.coverage ?? doc.coverage)) : before;
        case 'stop':
        case 'archive':
          return 0;
        default:
          return before;
      }
    })();
    const weightsChange =
      body.change === 'traffic' &&
      body.weights !== undefined &&
      JSON.stringify(body.weights) !== JSON.stringify(doc.variations.map((v) => v.weight));
    const inLayer = (await runningExperiments(db)).filter((e) => e.layer === doc.layer);
    const free = bucketCount(freeBucketRanges(inLayer.map(layerExperimentOf)));
    const share = (buckets: number) => buckets / LAYER_BUCKETS;
    return {
      audience,
      shareBefore: share(before),
      shareAfter: share(after),
      playersBefore: Math.round(audience.count * share(before)),
      playersAfter: Math.round(audience.count * share(after)),
      phaseBefore: doc.phase,
      phaseAfter:
        doc.status === 'draft' && body.change === 'run'
          ? 1
          : running && (body.change === 'newPhase' || weightsChange)
            ? doc.phase + 1
            : doc.phase,
      layerFreePercent: free / (LAYER_BUCKETS / 100),
    };
  },
  abtestBuckets: async ({ db }) => {
    const items = await readItemsByKind(db, [abLayerResource.name, experimentResource.name]);
    const experiments = (items.get(experimentResource.name) ?? []).map((i) => i.document as Experiment);
    return {
      list: (items.get(abLayerResource.name) ?? []).map((item) => {
        const layer = item.document as AbLayer;
        const running = experiments.filter((e) => e.layer === layer.name && e.status === 'running');
        const free = freeBucketRanges(running.map(layerExperimentOf)).map(([a, b]) => [a, b] as [number, number]);
        return {
          layer: layer.name,
          description: layer.description,
          total: LAYER_BUCKETS,
          free,
          freeCount: bucketCount(free),
          experiments: running.map((e) => ({
            key: e.key,
            name: e.name,
            status: e.status,
            ranges: e.ranges.map(([a, b]) => [a, b] as [number, number]),
            count: bucketCount(e.ranges),
          })),
        };
      }),
    };
  },
  experimentResults: async ({ db, params, query, locale }) => {
    const doc = (await getItem(db, experimentResource, params.key, locale)).document as Experiment;
    return experimentResults(db, doc, query.phase, clock.now());
  },
  experimentsForcingPlayer: async ({ db, params }) => {
    if (!(await readPlayerAttributes(db, params.userId, clock.now()))) throw notFound('player.notFound');
    const forcing = await itemDocuments<Experiment>(db, experimentResource, {
      matching: { forced: [{ userId: params.userId }] },
    });
    return {
      list: forcing.flatMap((e) => {
        const f = e.forced.find((x) => x.userId === params.userId);
        if (!f) return [];
        return [
          {
            experiment: e.key,
            name: e.name,
            status: e.status,
            variation: f.variation,
            variationName: e.variations[f.variation]?.name ?? String(f.variation),
          },
        ];
      }),
    };
  },
});

/** The handlers of `abtestExposureEndpoints`. */
export const abtestExposureHandlers = (): Handlers<typeof abtestExposureEndpoints> => ({
  experimentExposures: async ({ db, params, query, locale }) => {
    const doc = (await getItem(db, experimentResource, params.key, locale)).document as Experiment;
    const e = abExposures;
    const [afterMs, afterUser] = query.after ? query.after.split(':').map(Number) : [];
    const after = query.after
      ? or(lt(e.at, new Date(afterMs)), and(eq(e.at, new Date(afterMs)), lt(e.userId, afterUser)))
      : undefined;
    const rows = await db
      .select()
      .from(e)
      .where(
        and(
          eq(e.experiment, doc.key),
          eq(e.phase, query.phase ?? doc.phase),
          query.variation === undefined ? undefined : eq(e.variation, query.variation),
          after,
        ),
      )
      .orderBy(desc(e.at), desc(e.userId))
      .limit(query.limit + 1);
    const items = rows.slice(0, query.limit);
    const last = items[items.length - 1];
    return {
      items: items.map((r) => ({
        userId: r.userId,
        variation: r.variation,
        os: r.os,
        country: r.country,
        at: r.at.toISOString(),
      })),
      next: rows.length > query.limit && last ? `${last.at.getTime()}:${last.userId}` : null,
    };
  },
});

/** The handlers of `abtestGameEndpoints`. */
export const abtestGameHandlers = (clock: Clock): Handlers<typeof abtestGameEndpoints> => ({
  gameReportEvents: async ({ db, params, body }) => {
    const now = clock.now().getTime();
    const rows = body.events.map((ev, i) => {
      const at = ev.at ? Date.parse(ev.at) : now;
      if (at < now - GAME_EVENT_MAX_AGE_DAYS * DAY_MS || at > now + GAME_EVENT_MAX_AHEAD_MINUTES * 60_000)
        throw new AppError(400, 'abtest.eventTime', {
          fields: [{ field: `events.${i}.at`, message: 'abtest.eventTime' }],
        });
      return { userId: params.userId, name: ev.name, value: ev.value ?? null, at: new Date(at) };
    });
    if (!(await existingPlayerIds(db, [params.userId])).has(params.userId)) throw notFound('player.notFound');
    await db.insert(gameEvents).values(rows);
    // Other areas' part (battle-pass XP, piggy-bank fill), in this report's transaction.
    await dispatchGameEvents(db, params.userId, rows, clock.now());
    return { accepted: rows.length };
  },
});
