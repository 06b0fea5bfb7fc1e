import { richTextAttributes, richTextSchemes, richTextTags } from '@rookery/contracts';
import sanitizeHtml from 'sanitize-html';

/** sanitize-html's options from the contracts' whitelist: nothing else survives. */
const options: sanitizeHtml.IOptions = {
  allowedTags: [...richTextTags],
  allowedAttributes: Object.fromEntries(Object.entries(richTextAttributes).map(([t, a]) => [t, [...a]])),
  allowedSchemes: [...richTextSchemes],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // A script's or style's text goes with it (not left behind as words).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  disallowedTagsMode: 'discard',
};

/** A body as stored and as the game receives it: the whitelist only, every other tag, attribute and link dropped. */
export const sanitizeRichText = (html: string): string => sanitizeHtml(html, options);
