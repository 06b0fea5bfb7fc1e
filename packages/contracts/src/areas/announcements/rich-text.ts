import { z } from 'zod';
import { isStorableText } from '../../text.js';

/**
 * The rich text of an announcement's body: a small whitelist of tags, one attribute (a link's
 * https `href`). The same list drives the check below (the form's live messages and the
 * server's refusal), the server's sanitiser on write (`sanitize-html`) and the console's
 * renderer (`dompurify`): nothing outside it is stored, shown or sent to the game.
 */
export const richTextTags = ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'a'] as const;
/** The attributes each tag may carry. */
export const richTextAttributes: Readonly<Record<string, readonly string[]>> = { a: ['href'] };
/** The only link scheme a body may use. */
export const richTextSchemes = ['https'] as const;

/** Decode the entities a browser would before reading a URL's scheme (`&#106;avascript:`). */
function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCodePoint(Number.parseInt(h, 16) % 0x110000))
    .replace(/&#(\d+);?/g, (_, d: string) => String.fromCodePoint(Number(d) % 0x110000))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;|&newline;/gi, '');
}

/** Whether a link is an https address (entities decoded, blanks and controls ignored, as browsers do). */
export function isSafeLink(href: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers ignore them in a scheme
  const plain = decodeEntities(href).replace(/[\u0000-\u0020\u007f]/g, '');
  return /^https:\/\/[^/]/i.test(plain);
}

export interface RichTextProblems {
  /** Tags outside the whitelist (`script`, `img`, `iframe`…), lower case. */
  tags: string[];
  /** Event attributes (`onerror`, `onclick`…). */
  events: string[];
  /** Other attributes outside the whitelist (`style`, `class`…). */
  attributes: string[];
  /** Links that are not https (`javascript:`, `data:`…). */
  links: string[];
}

const tagPattern = /<\s*\/?\s*([a-zA-Z][a-zA-Z0-9:-]*)([^>]*)>?/g;
const attributePattern = /([^\s=/"'>]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g;

/**
 * What a body holds that the whitelist does not allow. A first line for the operator's messages;
 * the server's sanitiser is the guard (whatever this misses, it strips).
 */
export function richTextProblems(html: string): RichTextProblems {
  const found: RichTextProblems = { tags: [], events: [], attributes: [], links: [] };
  const add = (list: string[], v: string) => {
    if (!list.includes(v)) list.push(v);
  };
  for (const m of html.matchAll(tagPattern)) {
    const tag = m[1].toLowerCase();
    if (!(richTextTags as readonly string[]).includes(tag)) {
      add(found.tags, tag);
      continue;
    }
    for (const a of (m[2] ?? '').matchAll(attributePattern)) {
      const name = a[1].toLowerCase();
      const value = (a[2] ?? '').replace(/^["']|["']$/g, '');
      if (name.startsWith('on')) add(found.events, name);
      else if (!(richTextAttributes[tag] ?? []).includes(name)) add(found.attributes, name);
      else if (name === 'href' && !isSafeLink(value)) add(found.links, value.slice(0, 60));
    }
  }
  if (/<!--|<!\[CDATA\[/i.test(html)) add(found.tags, '!--');
  return found;
}

/** A rich-text body: at most `max` characters, storable, only the whitelist (each problem on the field). */
export const richText = (max: number) =>
  z
    .string({ error: 'v.required' })
    .trim()
    .min(1, { error: 'v.required' })
    .max(max, { error: 'v.textTooLong' })
    .refine(isStorableText, { error: 'v.textInvalid' })
    .superRefine((html, ctx) => {
      const p = richTextProblems(html);
      if (p.tags.length)
        ctx.addIssue({
          code: 'custom',
          message: p.tags.includes('script') ? 'announcement.scriptTag' : 'announcement.tagNotAllowed',
          params: {
            names: p.tags.map((t) => `<${t}>`).join(', '),
            allowed: richTextTags.map((t) => `<${t}>`).join(' '),
          },
        });
      if (p.events.length)
        ctx.addIssue({
          code: 'custom',
          message: 'announcement.eventAttribute',
          params: { names: p.events.join(', ') },
        });
      if (p.attributes.length)
        ctx.addIssue({
          code: 'custom',
          message: 'announcement.attributeNotAllowed',
          params: { names: p.attributes.join(', ') },
        });
      if (p.links.length)
        ctx.addIssue({ code: 'custom', message: 'announcement.linkNotHttps', params: { names: p.links.join(', ') } });
    });

/** The visible text of a body (tags dropped, entities of the whitelist's output decoded): list cells, marquees' previews. */
export function richTextPlain(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
