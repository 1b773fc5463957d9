import { describe, expect, it } from 'vitest';
import { recentlyUsed } from './recentlyUsed';

describe('recentlyUsed', () => {
  it('keeps the entries last read or set, letting go of the least recent past its bound', () => {
    const map = recentlyUsed<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.get('a')).toBe(1);
    map.set('c', 3);
    expect(map.get('b')).toBeUndefined();
    expect([map.get('a'), map.get('c')]).toEqual([1, 3]);
    map.set('a', 4);
    map.set('d', 5);
    expect([map.get('a'), map.get('c'), map.get('d')]).toEqual([4, undefined, 5]);
  });
});
