import { z } from 'zod';

/** Every console and game API answer: `{ code, data, msg }` on success, `{ code, msg, errors? }` on failure. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ code: z.literal(200), data, msg: z.string() });

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorBodySchema = z.object({
  code: z.number().int(),
  msg: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
  /**
   * The message key of `msg` (`player.notFound`, `http.404`): the same in every language, so a log
   * groups one error as one, whatever language the operator reads it in.
   */
  key: z.string().optional(),
  /**
   * Set only on the answer to an address the server does not know (no route): the spec's
   * "request address error" naming the URL. A 404 without it names a record that is missing.
   */
  unknownAddress: z.literal(true).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export { isExpectedRefusal } from './refusal.js';

/** Status codes of the spec's error catalogue (§8). */
export const httpErrorCodes = [400, 401, 403, 404, 408, 409, 429, 500, 501, 502, 503, 504, 505] as const;
export type HttpErrorCode = (typeof httpErrorCodes)[number];

/** Spec §9: lists show 10 rows unless they say otherwise (the mail list shows 20). */
export const DEFAULT_PAGE_SIZE = 10;
export const MAIL_LIST_PAGE_SIZE = 20;

/** The largest page any list serves. */
export const MAX_PAGE_SIZE = 1000;

/** A page size in a query, `size` when absent. */
export const pageSizeQuery = (size = DEFAULT_PAGE_SIZE) =>
  z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(size);

/** The spec's paging shapes. New lists use `list/pagination`. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: pageSizeQuery(),
});

export const paginationSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});

export const pagedList = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), pagination: paginationSchema });

/** Legacy shape kept for roles, staff users and promotion (`datas/count/pageNum/pageSize`). */
export const legacyPageQuery = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: pageSizeQuery(),
});

export const legacyPagedList = <T extends z.ZodType>(item: T) =>
  z.object({ datas: z.array(item), count: z.number().int(), pageNum: z.number().int(), pageSize: z.number().int() });
