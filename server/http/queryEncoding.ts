/** The text percent-encoded as a query writes it (`+` a space), or null when its bytes are not UTF-8 or a `%` is not followed by two hex digits. */
function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return null;
  }
}

/** A parameter named in an error as it is: a name of the contract's kind, not whatever a client sent. */
const NAMEABLE = /^\w{1,64}$/;

/**
 * The first parameter of the address's query whose value is broken
 * percent-encoding (`name=%ff`, `name=%e2%82`, `name=%zz`), `query` when a
 * parameter's own name is broken or not one to repeat, or null. The query
 * parser reads such bytes as U+FFFD or as they stand, so a search for them
 * would be a search for something the visitor never sent. The query is
 * where the router finds it: after the first `?` or `#`.
 */
export function brokenQueryField(url: string): string | null {
  const start = url.search(/[?#]/);
  if (start === -1 || !url.includes('%', start)) return null;
  for (const part of url.slice(start + 1).split('&')) {
    const equals = part.indexOf('=');
    const name = decoded(equals === -1 ? part : part.slice(0, equals));
    if (name === null) return 'query';
    if (equals !== -1 && decoded(part.slice(equals + 1)) === null) return NAMEABLE.test(name) ? name : 'query';
  }
  return null;
}
