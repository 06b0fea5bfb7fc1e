import { z } from 'zod';

/**
 * Field schemas every endpoint table shares, under one name each: ids, external ids, player
 * user IDs and timestamps. An endpoint file imports these instead of writing its own variant.
 */

/** An empty form field (or a JSON null) counts as not given. */
export const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A list filter on a coded value: blank means "any"; anything else must be one of `values`. */
export const optionalEnum = <const T extends readonly [string, ...string[]]>(values: T, error = 'v.invalidValue') =>
  z.preprocess(blankToUndefined, z.enum(values, { error }).optional());

/** A whole number from `min` to `max` (a JSON number), every refusal with the one field message. */
export const whole = (min: number, max: number, error: string) =>
  z.number({ error }).int({ error }).min(min, { error }).max(max, { error });

/** An optional whole number in [min, max] from a form (blank = not given); one message for every failure. */
export const optionalWholeNumber = (min: number, max: number, message: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: message })
      .int({ error: message })
      .min(min, { error: message })
      .max(max, { error: message })
      .optional(),
  );

/** A row id: a positive PostgreSQL `integer` (larger numbers name nothing and must not reach SQL). */
export const rowId = z.coerce.number().int().positive().max(2_147_483_647);

/** A row id a form may leave blank (a picker's "none"). */
export const optionalRowId = z.preprocess(
  blankToUndefined,
  z.coerce.number({ error: 'v.numberExpected' }).int().positive().max(2_147_483_647).optional(),
);

/** `/…/:id` of one row. */
export const idParams = z.object({ id: rowId });

/** Social, device and anonymous IDs as the game sends them. */
export const externalId = z
  .string({ error: 'v.idFormat' })
  .trim()
  .regex(/^[\w.:@|+/=-]{1,128}$/, { error: 'v.idFormat' });

/** An external ID a search form may leave blank. */
export const optionalExternalId = z.preprocess(blankToUndefined, externalId.optional());

/** A player's user ID: a positive whole number, sent as a number or as digits (query strings, pasted lists). */
export const playerUserId = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,15}$/, { error: 'v.userIdFormat' }),
    ],
    { error: 'v.userIdFormat' },
  )
  .transform(Number)
  .pipe(z.number().int({ error: 'v.userIdFormat' }).min(1, { error: 'v.userIdFormat' }).max(Number.MAX_SAFE_INTEGER));

/** A player's user ID a form may leave blank. */
export const optionalPlayerUserId = z.preprocess(blankToUndefined, playerUserId.optional());

/** ISO-8601 timestamps an operator or the game sends (validated, kept as the string). */
export const isoDateTime = z.iso.datetime({
  offset: true,
  // Left empty, a time is missing ("required"), not an "invalid date".
  error: (issue) => (issue.input === undefined || issue.input === null ? 'v.required' : 'v.invalidDate'),
});

/**
 * A timestamp in a response: the handler returns a `Date` (a row as the database gives it) and
 * the server encodes it as an ISO-8601 UTC string on the wire (fastify-type-provider-zod encodes
 * answers with `z.encode`). Callers see the string: `EndpointResponse` is the wire type.
 */
export const isoDate = z.codec(z.iso.datetime(), z.date(), {
  decode: (s) => new Date(s),
  encode: (d) => d.toISOString(),
});

/** A response timestamp that may be absent (`null`). */
export const optionalIsoDate = isoDate.nullable();

/** Whether a text is an absolute https address with a host. */
export function isHttpsUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * An optional https address (an image): empty, or `https://…`. A string, not a union, so the
 * console's form gives it a text field; `error` is the message key of a refusal.
 */
export const optionalHttpsUrl = (error: string) =>
  z
    .string()
    .trim()
    .max(1000, { error: 'v.textTooLong' })
    .refine((v) => v === '' || isHttpsUrl(v), { error })
    .default('');
