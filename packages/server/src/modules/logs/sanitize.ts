import { storableText } from '@rookery/contracts';

/**
 * What the game and the console send to the log is kept, but never a secret in it. Every stored
 * text of an entry (message, stack, page, meta keys and values) passes `scrubText`; the shapes it
 * knows are the well-known ones: credentials after an auth scheme, `name=value` / `name: value` /
 * `"name":"value"` pairs whose name says secret (in any case and separator, in JSON inside text,
 * and with `=`, `:`, `&` and `@` percent-encoded any number of times), passwords in a URL's
 * userinfo, JWTs, e-mail addresses, card numbers (by Luhn), session-token-shaped strings (another
 * staff member's token), and the caller's own secrets wherever they appear.
 *
 * A masked value becomes a fixed marker naming what it was (`[redacted:jwt]`), never a hash: an
 * unsalted hash of a password lets anyone who reads the log confirm a guess, and nothing the
 * console does needs two masked values to match (docs/decisions/2026-11-28-what-the-game-and-the-public-send-to.md).
 */
export const redacted = (what: string) => `[redacted:${what}]`;

/** Words that make a name secret wherever they stand in it (`userPassword`, `X-Auth-Token`). */
const secretWords = new Set([
  'password',
  'passwd',
  'passphrase',
  'passcode',
  'pwd',
  'pass',
  'secret',
  'token',
  'cookie',
  'session',
  'sessionid',
  'sid',
  'auth',
  'authorization',
  'bearer',
  'jwt',
  'otp',
  'totp',
  'signature',
  'sig',
  'credential',
  'credentials',
  'cvv',
  'cvc',
  'pin',
  'email',
  'card',
  'cardnumber',
  'iban',
  'ssn',
  'uuid',
  'apikey',
  'accesskey',
  'privatekey',
  'secretkey',
  'captcha',
  'csrf',
  'xsrf',
]);
/** Run together in one word (`APIKEY`, `accesstoken`): the same names without separators. */
const secretRunTogether =
  /password|passwd|secret|token|apikey|accesskey|privatekey|authoriz|credential|cookie|session|jwt|email/;
/** `key` is secret alone or after one of these (`api_key`, `privateKey`, `X-Api-Key`), not in `keyCount`. */
const keyQualifiers = new Set([
  'api',
  'access',
  'private',
  'secret',
  'signing',
  'encryption',
  'client',
  'master',
  'license',
  'app',
  'auth',
  'session',
]);
/** Names secret only as a query or form field (`code=` of a sign-in, `key=`), not as `code: 500` in prose. */
const queryOnlyNames = new Set(['code', 'key', 'ticket', 'nonce', 'state', 'k', 'p', 'pw']);

const wordsOf = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** Whether a field, header, parameter or meta key of this name holds a secret. */
export function isSecretName(name: string): boolean {
  const words = wordsOf(name);
  if (words.length === 0) return false;
  if (words.some((w) => secretWords.has(w))) return true;
  if (words.some((w, i) => w === 'key' && (words.length === 1 || (i > 0 && keyQualifiers.has(words[i - 1])))))
    return true;
  if (words.some((w, i) => w === 'mail' && i > 0 && words[i - 1] === 'e')) return true;
  return secretRunTogether.test(words.join(''));
}

/** A separator or delimiter as itself or percent-encoded any number of times (`%3D`, `%253D`). */
const enc = (char: string, hex: string) => `(?:${char}|%(?:25)*${hex})`;
const EQ = enc('=', '3[Dd]');
const COLON = enc(':', '3[Aa]');
const AT = enc('@', '40');
const SLASH = enc('/', '2[Ff]');
const AMP = enc('&', '26');

/** `scheme://user:password@host`: the password goes (the user stays, it says whose). */
const userinfo = new RegExp(
  `\\b([a-zA-Z][a-zA-Z0-9+.-]{0,20}${COLON}${SLASH}${SLASH}[^\\s:/?#@%]{0,100}${COLON})((?:(?!${AT})[^\\s/?#@]){1,200})(${AT})`,
  'g',
);
/** A credential after an HTTP auth scheme (`Authorization: Basic dXNlcjpwYXNz`, `Bearer eyJ…`). */
const schemeCredential =
  /\b(Basic|Bearer|Digest|Token|Negotiate|NTLM|ApiKey)((?:\s|%20|\+)+)([A-Za-z0-9._~+/=-]{6,})/gi;
/** Basic/Digest… followed by an ordinary word ("Basic settings") is prose, not a credential. */
const looksLikeCredential = (scheme: string, value: string) =>
  scheme.toLowerCase() === 'bearer' || (value.length >= 8 && /[0-9+/=._~-]|[A-Z]/.test(value.slice(1)));
/** A JSON Web Token: three base64url parts, the first two JSON objects (`eyJ`). */
const jwt = /\beyJ[A-Za-z0-9_-]{4,}\.eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g;
/** An e-mail address, its `@` maybe encoded. Bounded parts: no quadratic scan of a long word. */
const email = new RegExp(
  `(?<![A-Za-z0-9._%+-])[A-Za-z0-9._+-][A-Za-z0-9._%+-]{0,63}${AT}[A-Za-z0-9-]{1,63}(?:\\.[A-Za-z0-9-]{1,63}){0,8}\\.[A-Za-z]{2,24}\\b`,
  'g',
);
/** 13–19 digits, maybe grouped by spaces or dashes, starting as card numbers do (2–6; a time in ms starts with 1). */
const cardCandidate = /(?<![\d.])[2-6](?:[ -]?\d){12,18}(?![\d.])/g;
/** A Rookery session or API token (32 random bytes, base64url): another staff member's, say. */
const tokenShape =
  /(?<![A-Za-z0-9_-])(?=[A-Za-z0-9_-]{0,42}\d)(?=[A-Za-z0-9_-]{0,42}[A-Z])(?=[A-Za-z0-9_-]{0,42}[a-z])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * `name<sep>value` where the name may be quoted (also as `\"` inside JSON text) and the separator
 * is `=`, `:` or either encoded. The value is quoted (up to its closing quote) or runs to the next
 * delimiter (space, `&` in any encoding, `;`, `,`, a bracket or a quote).
 */
const pair = new RegExp(
  [
    // At a word's start, or right after a percent-encoded character (`%26token%3D…`).
    '(?:(?<![A-Za-z0-9_.-])|(?<=%(?:25)*[0-9A-Fa-f]{2}))',
    '(\\\\?["\']?)', // 1: the name's quote
    '([A-Za-z_][A-Za-z0-9_.-]{0,63})', // 2: the name
    '\\1',
    `(\\s{0,3}(?:${EQ}|${COLON})\\s{0,3})`, // 3: the separator
    '(?:',
    '(\\\\?["\'])((?:(?!\\4)[^\\n]){1,2000}?)\\4', // 4, 5: a quoted value
    '|',
    `((?:(?!${AMP})[^\\s;,"'<>(){}\\[\\]\\\\]){1,2000})`, // 6: a bare value
    ')',
  ].join(''),
  'g',
);

/** The pairs of `text` whose name says secret, their values masked; other pairs scanned inside too. */
function scrubPairs(text: string): string {
  let out = '';
  let from = 0;
  pair.lastIndex = 0;
  for (let m = pair.exec(text); m; m = pair.exec(text)) {
    const [whole, nameQuote, name, sep, valueQuote, quoted, bare] = m;
    const isEq = !/^\s*(?::|%(?:25)*3[Aa])/.test(sep);
    const lastWord = wordsOf(name).at(-1) ?? '';
    const secret = isSecretName(name) || (isEq && queryOnlyNames.has(lastWord));
    const value = quoted ?? bare ?? '';
    if (secret && !value.startsWith('[redacted:')) {
      const head = `${nameQuote}${name}${nameQuote}${sep}${valueQuote ?? ''}`;
      out += text.slice(from, m.index) + head + redacted('secret') + (valueQuote ?? '');
      from = m.index + whole.length;
    } else {
      // Not a secret: look inside the value too (`url=https://x?token=…`, `"meta":"{\"pwd\":…}"`).
      pair.lastIndex = m.index + nameQuote.length + name.length + nameQuote.length + sep.length;
    }
  }
  return out + text.slice(from);
}

/**
 * Free text as stored: storable (what PostgreSQL cannot keep becomes U+FFFD) and with every
 * secret shape above masked; `secrets` are the caller's own (its session token), masked wherever
 * they appear.
 */
export function scrubText(text: string, secrets: readonly string[] = []): string {
  let out = storableText(text);
  for (const s of secrets) if (s.length >= 8 && out.includes(s)) out = out.split(s).join(redacted('session'));
  out = out.replace(userinfo, (_, head: string, _pw: string, at: string) => `${head}${redacted('password')}${at}`);
  out = out.replace(jwt, redacted('jwt'));
  out = out.replace(schemeCredential, (whole, scheme: string, space: string, value: string) =>
    looksLikeCredential(scheme, value) ? `${scheme}${space}${redacted('credential')}` : whole,
  );
  out = scrubPairs(out);
  out = out.replace(email, redacted('email'));
  out = out.replace(cardCandidate, (whole) => {
    const digits = whole.replace(/[ -]/g, '');
    return digits.length >= 13 && digits.length <= 19 && luhn(digits) ? redacted('card') : whole;
  });
  out = out.replace(tokenShape, redacted('token'));
  return out;
}

/**
 * A page or request address as stored: scrubbed as text, and every query and fragment value
 * masked whatever its name (`?t=…`, `#access_token=…`): a link's values are where sign-in codes,
 * reset tokens and signed parameters travel. The names stay, so the page is still recognisable.
 */
export function scrubUrl(url: string, secrets: readonly string[] = []): string {
  return scrubText(url, secrets).replace(/([?&#;][^=&#\s]{1,100}=)([^&#\s]+)/g, (whole, head: string, value: string) =>
    value.startsWith('[redacted:') ? whole : `${head}${redacted('param')}`,
  );
}

/** Meta keys whose string value is an address (scrubbed as one). */
const urlKeys = /^(url|uri|href|link|referr?er|location|src|endpoint|path)$/i;

/**
 * The meta an entry is stored with: keys and values storable and scrubbed; every value under a
 * secret-sounding key (password, token, api key, e-mail, card, … in any case and separator) is
 * masked whole, whatever its type; addresses lose their query values. Nested objects and lists
 * are walked to a depth of 8 (deeper becomes `[deep]`).
 */
export function scrubMeta(meta: unknown, secrets: readonly string[] = [], depth = 0, key = ''): unknown {
  if (depth > 8) return '[deep]';
  if (typeof meta === 'string') return urlKeys.test(key) ? scrubUrl(meta, secrets) : scrubText(meta, secrets);
  if (Array.isArray(meta)) return meta.map((v) => scrubMeta(v, secrets, depth + 1, key));
  if (meta && typeof meta === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(meta)) {
      const name = scrubText(k, secrets);
      out[name] =
        isSecretName(k) && v !== null && v !== undefined && v !== '' && v !== false
          ? redacted('secret')
          : scrubMeta(v, secrets, depth + 1, k);
    }
    return out;
  }
  return meta;
}
