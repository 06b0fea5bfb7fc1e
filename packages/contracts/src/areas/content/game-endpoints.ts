import { z } from 'zod';
import { endpoint, endpointTable } from '../../endpoint.js';
import { lateFolds } from '../../late-folds.js';
import { contentSnapshotSchema } from '../../resource.js';

/**
 * `constant,dictionary` → the kinds; every one must be game-visible; none = all of them.
 * (The kinds are read when a request is checked: they are a fold of every area's resources.)
 */
const kindsQuery = z.preprocess(
  (v) => (v === undefined || v === '' ? [...lateFolds.gameVisibleKinds] : typeof v === 'string' ? v.split(',') : v),
  z
    .array(
      z
        .string()
        .trim()
        .refine((k) => lateFolds.gameVisibleKinds.includes(k), { error: 'resource.unknownKind' }),
    )
    .max(50),
);

export const resourceGameEndpoints = endpointTable({
  gameGetContent: endpoint({
    method: 'GET',
    path: '/api/game/v1/content',
    summary:
      'The published content of some kinds (`?kinds=constant,dictionary`), items inside their window now; `ETag`, 304 on `If-None-Match`',
    permission: 'game',
    query: z.object({ kinds: kindsQuery }),
    // Answered from a body prepared once per change (the envelope included), with its ETag.
    raw: true,
    response: contentSnapshotSchema,
  }),
});
