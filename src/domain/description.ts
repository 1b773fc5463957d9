import { FilterXSS } from 'xss';

const description = new FilterXSS({
  whiteList: {
    p: [],
    br: [],
    strong: [],
    b: [],
    em: [],
    i: [],
    u: [],
    ul: [],
    ol: [],
    li: [],
    h3: [],
    h4: [],
    span: [],
    a: ['href', 'title'],
  },
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style'],
});

/**
 * Product descriptions are HTML: a small allow-list survives, no script ever
 * does. The server cleans what it stores; the page cleans what it shows with
 * the same rules, on the server's render and in the browser alike.
 */
export const sanitizeDescription = (html: string) => description.process(html).trim();

/** 4 to 3000 characters of text (DECISIONS.md). */
export const DESCRIPTION_TEXT_MIN = 4;
export const DESCRIPTION_TEXT_MAX = 3000;

/** The HTML sent is held to the same 3000 (the contract's maxLength), markup included. */
export const DESCRIPTION_HTML_MAX = 3000;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** The text in a description's HTML: tags dropped, character references decoded. */
export function descriptionText(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** What a person reads of a description once it is sanitised as the server stores it: a script's text is not read. */
export const readableDescription = (html: string) => descriptionText(sanitizeDescription(html)).trim();

/**
 * The description's one rule, for the product form and the server alike:
 * 4 to 3000 characters of readable text, and no more than 3000 characters
 * of HTML. Gives the description as the server stores it (sanitised) when
 * it holds, undefined when it does not.
 */
export function validDescription(html: string): string | undefined {
  if (html.trim().length > DESCRIPTION_HTML_MAX) return undefined;
  const sanitized = sanitizeDescription(html);
  const length = descriptionText(sanitized).trim().length;
  return length >= DESCRIPTION_TEXT_MIN && length <= DESCRIPTION_TEXT_MAX ? sanitized : undefined;
}
