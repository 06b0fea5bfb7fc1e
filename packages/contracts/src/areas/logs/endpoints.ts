import { z } from 'zod';
import { type Endpoint, endpoint, endpointTable } from '../../endpoint.js';
import { blankToUndefined, idParams, isoDate, isoDateTime, optionalEnum, optionalPlayerUserId } from '../../fields.js';
import { pagedList, pageSizeQuery } from '../../http.js';
import type { Permission } from '../../permissions.js';
import { optionalText, text } from '../../text.js';

/**
 * Logs (issue 32): the game's client logs, the console's own front-end errors and failed data
 * requests (spec §3, §8), the server's errors; stored in daily partitions per kind, read by key.
 */

/** What wrote an entry: the game client, the console's browser, the server itself. */
export const logKinds = ['client', 'frontend', 'server'] as const;
export type LogKind = (typeof logKinds)[number];
/** Severity; the spec's `type` (default info). */
export const logLevels = ['debug', 'info', 'warn', 'error', 'fatal'] as const;
export type LogLevel = (typeof logLevels)[number];

/** Most entries one batch may carry; larger batches are refused whole (400). */
export const MAX_LOG_BATCH = 500;
export const MAX_LOG_MESSAGE = 4000;
export const MAX_LOG_STACK = 16_000;
/** Largest `meta` kept, as JSON text (an entry over it is rejected by position). */
export const MAX_LOG_META_BYTES = 8_192;
/** Widest window one log query may read. */
export const MAX_LOG_WINDOW_DAYS = 31;

/** The spec's client time `YYYY-MM-DD HH:mm:ss` (taken as UTC) or an ISO-8601 timestamp. */
const clientTime = z.union([z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/), isoDateTime], {
  error: 'v.invalidDate',
});

const metaSchema = z
  .record(z.string().max(100), z.unknown())
  .refine((m) => JSON.stringify(m).length <= MAX_LOG_META_BYTES, { error: 'v.textTooLong' });

/** One entry of the game's batch. */
export const clientLogEntrySchema = z.object({
  /** `level` or the spec's `type`; info when neither is given. */
  level: z.enum(logLevels, { error: 'v.invalidValue' }).optional(),
  type: z.enum(logLevels, { error: 'v.invalidValue' }).optional(),
  message: text({ max: MAX_LOG_MESSAGE, required: 'v.required' }),
  time: clientTime.optional(),
  userId: optionalPlayerUserId,
  deviceId: z.preprocess(blankToUndefined, text({ max: 128 }).optional()),
  appVersion: z.preprocess(blankToUndefined, text({ max: 32 }).optional()),
  os: z.preprocess(blankToUndefined, text({ max: 32 }).optional()),
  stack: z.preprocess(blankToUndefined, text({ max: MAX_LOG_STACK }).optional()),
  meta: metaSchema.optional(),
});
export type ClientLogEntry = z.infer<typeof clientLogEntrySchema>;

/** One entry of the console's batch (spec §3: message, type, time, meta; §8: failed requests). */
export const frontendLogEntrySchema = z.object({
  level: z.enum(logLevels, { error: 'v.invalidValue' }).optional(),
  type: z.enum(logLevels, { error: 'v.invalidValue' }).optional(),
  message: text({ max: MAX_LOG_MESSAGE, required: 'v.required' }),
  time: clientTime.optional(),
  /** The page the console showed. */
  url: z.preprocess(blankToUndefined, text({ max: 1000 }).optional()),
  stack: z.preprocess(blankToUndefined, text({ max: MAX_LOG_STACK }).optional()),
  /** The failed data request, when the entry is one (spec §8). */
  request: z
    .object({
      method: text({ max: 10 }),
      url: text({ max: 1000 }),
      status: z.number().int().min(0).max(999).optional(),
      /** The answer's message key (the same in every language): what the server's incidents group by. */
      key: text({ max: 100 }).optional(),
      /** The server answered that it knows no such address: the console's fault, not a refusal. */
      unknownAddress: z.literal(true).optional(),
    })
    .optional(),
  meta: metaSchema.optional(),
});
export type FrontendLogEntry = z.infer<typeof frontendLogEntrySchema>;

/** A batch: validated entry by entry by the handler, so one bad entry never loses the others. */
const batchBody = z.object({
  entries: z
    .array(z.unknown(), { error: 'v.required' })
    .min(1, { error: 'v.required' })
    .max(MAX_LOG_BATCH, { error: 'log.batchTooLarge' }),
});

/** A batch from a console page with no session (the sign-in page): small, and rate-limited per address. */
export const MAX_PUBLIC_LOG_BATCH = 20;
const publicBatchBody = z.object({
  entries: z
    .array(z.unknown(), { error: 'v.required' })
    .min(1, { error: 'v.required' })
    .max(MAX_PUBLIC_LOG_BATCH, { error: 'log.publicBatchTooLarge' }),
});

const batchAnswer = z.object({
  accepted: z.number().int(),
  /** The entries not kept, by position in the batch, with why. */
  rejected: z.array(
    z.object({
      index: z.number().int(),
      errors: z.array(z.object({ path: z.string(), message: z.string() })),
    }),
  ),
});

/** A stored entry as the console reads it. */
export const logEntrySchema = z.object({
  id: z.number().int(),
  at: isoDate,
  kind: z.enum(logKinds),
  level: z.enum(logLevels),
  message: z.string(),
  clientTime: isoDate.nullable(),
  userId: z.number().int().nullable(),
  deviceId: z.string().nullable(),
  appVersion: z.string().nullable(),
  os: z.string().nullable(),
  url: z.string().nullable(),
  requestId: z.string().nullable(),
  stack: z.string().nullable(),
  meta: z.record(z.string(), z.unknown()).nullable(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

const keysetAnswer = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    nextCursor: z.string().nullable(),
    /**
     * All matching entries, on the first page: counted when the planner expects at most 10,000,
     * else its estimate (`estimate`: say "about").
     */
    total: z.object({ value: z.number().int(), estimate: z.boolean() }).optional(),
  });

/** Both ends of the window are required (spec §5); the window is at most MAX_LOG_WINDOW_DAYS. */
const windowQuery = z.object({
  start: isoDateTime,
  end: isoDateTime,
});

export const logQuerySchema = windowQuery.extend({
  kind: optionalEnum(logKinds),
  level: optionalEnum(logLevels),
  userId: optionalPlayerUserId,
  appVersion: optionalText(32),
  os: optionalText(32),
  /** A fragment of the message (at least 3 characters use the trigram index). */
  q: optionalText(200),
  cursor: optionalText(200),
  pageSize: pageSizeQuery(50),
});

export const accessLogEntrySchema = z.object({
  id: z.number().int(),
  at: isoDate,
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  ms: z.number(),
  actor: z.string().nullable(),
  ip: z.string().nullable(),
});

export const logStatsSchema = z.object({
  /** Width of one time bucket, in seconds (5 minutes up to 6 hours, an hour up to 3 days, else a day). */
  bucketSeconds: z.number().int(),
  series: z.array(
    z.object({ bucket: isoDate, kind: z.enum(logKinds), level: z.enum(logLevels), count: z.number().int() }),
  ),
  /** The most frequent messages (first 200 characters) of the window. */
  topMessages: z.array(
    z.object({ message: z.string(), kind: z.enum(logKinds), level: z.enum(logLevels), count: z.number().int() }),
  ),
  /** The game client's errors (error and fatal) per app version. */
  errorsByVersion: z.array(z.object({ appVersion: z.string(), count: z.number().int(), players: z.number().int() })),
});

/** Who may read which kind: the game's logs are the client-log permission, the rest the system log. */
export const logKindPermission = {
  client: ['clientLogQuery'],
  frontend: ['sysLogQuery'],
  server: ['sysLogQuery'],
} as const satisfies Record<LogKind, readonly Permission[]>;

/** An endpoint over log entries or incidents: either permission lets it in, the kind asked for decides. */
const byLogKind = {
  permission: ['clientLogQuery', 'sysLogQuery'],
  permissionBy: { field: 'kind', map: logKindPermission },
} as const satisfies Pick<Endpoint, 'permission' | 'permissionBy'>;

/**
 * Who may change an incident's state (resolve, ignore, reopen), by its kind: reading a kind's
 * errors does not let a role change them.
 */
export const incidentEditPermission = {
  client: ['clientIncidentEdit'],
  frontend: ['sysIncidentEdit'],
  server: ['sysIncidentEdit'],
} as const satisfies Record<LogKind, readonly Permission[]>;

export const incidentStates = ['open', 'resolved', 'ignored'] as const;

export const incidentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(logKinds),
  title: z.string(),
  sample: z.string(),
  firstSeen: isoDate,
  lastSeen: isoDate,
  count: z.number().int(),
  state: z.enum(incidentStates),
  resolvedVersion: z.string().nullable(),
  regression: z.boolean(),
  appVersions: z.record(z.string(), z.number()),
  oses: z.record(z.string(), z.number()),
  players: z.number().int(),
});

export const logEndpoints = endpointTable({
  incidentList: endpoint({
    method: 'GET',
    path: '/api/v1/incidents',
    summary: 'Errors grouped into incidents, most recently seen first',
    ...byLogKind,
    query: z.object({
      kind: optionalEnum(logKinds),
      state: optionalEnum(incidentStates),
      appVersion: optionalText(32),
      page: z.coerce.number().int().min(1).max(10_000).default(1),
      pageSize: pageSizeQuery(20),
    }),
    response: pagedList(incidentSchema),
  }),
  incidentGet: endpoint({
    method: 'GET',
    path: '/api/v1/incidents/:id',
    summary: 'One incident with its latest entries and entries per hour of the last 24 hours',
    ...byLogKind,
    params: idParams,
    /** The incident's kind, when the caller knows it (the list gave it): checked against the record. */
    query: z.object({ kind: optionalEnum(logKinds) }),
    response: incidentSchema.extend({
      samples: z.array(logEntrySchema),
      hourly: z.array(z.object({ hour: isoDate, count: z.number().int() })),
    }),
  }),
  incidentSetState: endpoint({
    method: 'POST',
    path: '/api/v1/incidents/:id/state',
    summary: 'Resolve, ignore or reopen an incident (resolved: a newer app version reopens it)',
    // A change, so the edit permission of the incident's kind, not the read rule of the others.
    permission: ['clientIncidentEdit', 'sysIncidentEdit'],
    permissionBy: { field: 'kind', map: incidentEditPermission },
    params: idParams,
    body: z.object({
      state: z.enum(incidentStates, { error: 'v.invalidValue' }),
      /** The incident's kind as the list gave it: checked against the record. */
      kind: z.enum(logKinds, { error: 'v.invalidValue' }).optional(),
    }),
    auditTarget: 'incident',
    invalidates: ['incidentList', 'incidentGet'],
    response: incidentSchema,
  }),
  logList: endpoint({
    method: 'GET',
    path: '/api/v1/logs',
    summary:
      'Log entries of a time window, newest first, by key (time, id); the total is counted when small, else estimated',
    ...byLogKind,
    query: logQuerySchema,
    response: keysetAnswer(logEntrySchema),
  }),
  logStats: endpoint({
    method: 'GET',
    path: '/api/v1/logs/stats',
    summary: 'Counts by kind and level over time, top messages and errors per app version, for a time window',
    ...byLogKind,
    query: windowQuery.extend({
      kind: optionalEnum(logKinds),
    }),
    response: logStatsSchema,
  }),
  accessLogList: endpoint({
    method: 'GET',
    path: '/api/v1/logs/access',
    summary: "The console's access log of a time window, newest first, by key",
    permission: ['sysLogQuery'],
    query: windowQuery.extend({
      actor: optionalText(100),
      path: optionalText(200),
      status: z.preprocess(blankToUndefined, z.coerce.number().int().min(100).max(599).optional()),
      cursor: optionalText(200),
      pageSize: pageSizeQuery(50),
    }),
    response: keysetAnswer(accessLogEntrySchema),
  }),
  frontendLogIngest: endpoint({
    method: 'POST',
    path: '/api/v1/logs/frontend',
    summary: "The console's own errors and failed data requests, in a batch; secrets are hashed, never kept",
    permission: true,
    // Writes only the log (buffered, after the answer): no console data changes, nothing to audit.
    readOnly: true,
    body: batchBody,
    response: batchAnswer,
  }),
  frontendLogIngestPublic: endpoint({
    method: 'POST',
    path: '/api/v1/logs/frontend/public',
    summary:
      "The console's errors before sign-in (the sign-in and registration pages): at most 20 a batch, rate-limited per address, secrets hashed",
    permission: 'public',
    readOnly: true,
    body: publicBatchBody,
    response: batchAnswer,
  }),
});

export const logGameEndpoints = endpointTable({
  gameLogIngest: endpoint({
    method: 'POST',
    path: '/api/game/v1/logs',
    summary: 'Client log entries in a batch; invalid entries come back by position, the valid ones are kept',
    permission: 'game',
    body: batchBody,
    response: batchAnswer,
  }),
});
