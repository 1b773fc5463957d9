import { MESSAGES } from './messages';

/** The longest comment the shop keeps (the contract's limit; the spec gives none). */
export const COMMENT_MAX_LENGTH = 1000;

/** A comment needs some text and at most COMMENT_MAX_LENGTH characters of it; the same rule in the form and on the server. */
export function commentTextError(text: string): string | undefined {
  const length = text.trim().length;
  if (length === 0) return MESSAGES.required;
  if (length > COMMENT_MAX_LENGTH) return MESSAGES.commentTooLong;
  return undefined;
}
