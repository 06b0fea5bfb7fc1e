import { createHash } from 'node:crypto';

/** Meta keys whose value is a secret: cookies, tokens, passwords, keys, session ids, authorization. */
const secretKey = /cookie|token|secret|passw|authori[sz]|session|api[-_]?key|^key$|credential|uuid/i;
/** `name=value` pairs inside a cookie-like string whose name says secret. */
const secretPair = /\b([\w-]*(?:token|session|secret|passw|uuid|auth)[\w-]*)=([^;&\s]+)/gi;
/** A bearer credential inside free text. */
const bearer = /\b(Bearer)\s+([\w.~+/=-]{8,})/gi;

/** What stands for a secret in a stored entry: a short hash (equal values match), never the value. */
export const secretHash = (value: string) => `sha256:${createHash('sha256').update(value).digest('hex').slice(0, 16)}`;

/** Free text with any `token=…` pair or bearer credential replaced by its hash. */
export function scrubText(text: string, secrets: readonly string[] = []): string {
  let out = text.replace(secretPair, (_, name: string, value: string) => `${name}=${secretHash(value)}`);
  out = out.replace(bearer, (_, word: string, value: string) => `${word} ${secretHash(value)}`);
  for (const s of secrets) if (s.length >= 8 && out.includes(s)) out = out.split(s).join(secretHash(s));
  return out;
}

/**
 * The meta an entry is stored with: every value under a secret-sounding key (cookie, token, …)
 * becomes its hash, `token=…` pairs and bearer credentials inside strings too, and any of the
 * caller's own `secrets` (its session token) wherever it appears. Walks nested objects and lists.
 */
export function scrubMeta(meta: unknown, secrets: readonly string[] = [], depth = 0): unknown {
  if (depth > 8) return '[deep]';
  if (typeof meta === 'string') return scrubText(meta, secrets);
  if (Array.isArray(meta)) return meta.map((v) => scrubMeta(v, secrets, depth + 1));
  if (meta && typeof meta === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(meta)) {
      if (secretKey.test(k) && v !== null && v !== undefined && v !== '') {
        out[k] = secretHash(typeof v === 'string' ? v : JSON.stringify(v));
      } else out[k] = scrubMeta(v, secrets, depth + 1);
    }
    return out;
  }
  return meta;
}
