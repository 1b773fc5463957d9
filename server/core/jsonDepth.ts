/** How deep a request body may nest arrays and objects: far past any body the contract describes, far short of what costs the parser. */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]);
const CLOSERS = new Set([0x5d, 0x7d]);

/**
 * Whether a JSON text nests arrays and objects deeper than MAX_JSON_DEPTH,
 * read before it is parsed (brackets inside strings do not count), so a
 * body of 100,000 nested arrays is refused without building any of them.
 */
export function nestedTooDeep(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (OPENERS.has(c)) {
      if (++depth > MAX_JSON_DEPTH) return true;
    } else if (CLOSERS.has(c)) depth--;
  }
  return false;
}
