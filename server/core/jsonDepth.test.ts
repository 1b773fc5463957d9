import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestedTooDeep } from './jsonDepth';

const nested = (depth: number, open = '[', close = ']') => open.repeat(depth) + close.repeat(depth);

describe('nestedTooDeep', () => {
  it('lets a body nest as deep as the bound', () => {
    expect(nestedTooDeep(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(nestedTooDeep(`{"a":${nested(MAX_JSON_DEPTH - 1)}}`)).toBe(false);
  });

  it('refuses one level deeper, in arrays, objects or both', () => {
    expect(nestedTooDeep(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(nestedTooDeep('{"a":'.repeat(MAX_JSON_DEPTH + 1) + '1' + '}'.repeat(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(nestedTooDeep('[{"a":'.repeat(20) + '1' + '}]'.repeat(20))).toBe(true);
  });

  it('counts depth, not brackets: many siblings are shallow', () => {
    expect(nestedTooDeep(`[${Array.from({ length: 1000 }, () => '[1]').join(',')}]`)).toBe(false);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(nestedTooDeep(JSON.stringify({ text: nested(100) }))).toBe(false);
    expect(nestedTooDeep(JSON.stringify({ text: `\\"${nested(100)}` }))).toBe(false);
  });

  it('stops at the bound: a body of 100,000 nested arrays is refused', () => {
    expect(nestedTooDeep('['.repeat(100_000))).toBe(true);
  });
});
