import { expect, it } from 'vitest';
import { COMMENT_MAX_LENGTH, commentTextError } from './comment';

it('wants some text, at most 1000 characters of it', () => {
  expect(commentTextError('Lovely colour')).toBeUndefined();
  expect(commentTextError('   ')).toBe('This field is required');
  expect(commentTextError(`  ${'a'.repeat(COMMENT_MAX_LENGTH)}  `)).toBeUndefined();
  expect(commentTextError('a'.repeat(COMMENT_MAX_LENGTH + 1))).toBe('Maximum 1000 characters');
});
