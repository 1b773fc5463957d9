const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntity(entity: string, body: string): string {
  const lower = body.toLowerCase();
  if (!lower.startsWith('#')) return NAMED[lower] ?? entity;
  const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
}

/** Tags that end a line of text: their place becomes a space, so 'a</p><p>b' reads 'a b'. */
const BREAKING_TAG = /<\/?(?:p|br|li|ul|ol|h[1-6]|div|blockquote)\b[^>]*>/gi;

/**
 * A product description (sanitised HTML, as the API stores it) as one line of
 * plain text: tags dropped, entities decoded once, whitespace collapsed.
 */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(BREAKING_TAG, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, decodeEntity)
    .replace(/\s+/g, ' ')
    .trim();
}
