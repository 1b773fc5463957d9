import { describe, expect, it } from 'vitest';
import { hotCache } from './hotCache';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('hotCache', () => {
  it('answers what it keeps, and nothing for what it never had', async () => {
    const cache = hotCache<string>({ entries: 3, bytes: 1000 }, (value) => value.length);
    const value = Promise.resolve('page');
    cache.add('a', value);
    expect(cache.get('a')).toBe(value);
    expect(cache.get('b')).toBeUndefined();
  });

  it('keeps the reads in steady demand through a flood of distinct ones, within its entries', async () => {
    const cache = hotCache<string>({ entries: 10, bytes: 1_000_000 }, (value) => value.length);
    const hot = Array.from({ length: 10 }, (_, i) => `hot-${i}`);
    // In demand: asked for again soon after being made.
    for (const key of hot) cache.add(key, Promise.resolve(key));
    for (const key of hot) cache.get(key);
    // Five distinct queries for each hot read: far more than the cache holds between two asks for the same hot read.
    for (let flood = 0; flood < 20_000; flood++) {
      for (let n = 0; n < 5; n++) cache.add(`attack-${flood}-${n}`, Promise.resolve('x'));
      const key = hot[flood % hot.length]!;
      expect(cache.get(key), key).toBeDefined();
    }
    await settle();
    for (const key of hot) expect(cache.get(key)).toBeDefined();
    expect(cache.size.entries).toBeLessThanOrEqual(20);
  });

  it('lets go of the least recently used past its bytes, counted once a value is made', async () => {
    const cache = hotCache<string>({ entries: 100, bytes: 10 }, (value) => value.length);
    cache.add('a', Promise.resolve('aaaa'));
    cache.add('b', Promise.resolve('bbbb'));
    await settle();
    expect(cache.size).toEqual({ entries: 2, bytes: 8 });
    cache.add('c', Promise.resolve('cccc'));
    await settle();
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toEqual({ entries: 2, bytes: 8 });
    cache.add('huge', Promise.resolve('x'.repeat(50)));
    await settle();
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size.bytes).toBeLessThanOrEqual(10);
  });

  it('forgets a key only while it holds the value given', async () => {
    const cache = hotCache<string>({ entries: 3, bytes: 1000 }, (value) => value.length);
    const first = Promise.resolve('one');
    const second = Promise.resolve('two');
    cache.add('a', first);
    cache.add('a', second);
    cache.forget('a', first);
    expect(cache.get('a')).toBe(second);
    cache.forget('a', second);
    expect(cache.get('a')).toBeUndefined();
  });

  it('counts a made value again when its bytes change, letting go past its bytes; a value not made, or a key it lacks, changes nothing', async () => {
    const sizes = new Map([
      ['a', 4],
      ['b', 4],
    ]);
    const cache = hotCache<string>({ entries: 10, bytes: 10 }, (value) => sizes.get(value)!);
    cache.add('a', Promise.resolve('a'));
    cache.add('b', Promise.resolve('b'));
    cache.add('unmade', new Promise<string>(() => undefined));
    await settle();
    sizes.set('b', 5);
    cache.recount('b');
    cache.recount('unmade');
    cache.recount('never');
    expect(cache.size).toEqual({ entries: 3, bytes: 9 });
    sizes.set('b', 7);
    cache.recount('b');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toEqual({ entries: 2, bytes: 7 });
  });

  it('counts again a value asked for again (in the protected segment), which moves back to probation past its bytes', async () => {
    const sizes = new Map([
      ['held', 4],
      ['also held', 4],
    ]);
    const cache = hotCache<string>({ entries: 10, bytes: 10 }, (value) => sizes.get(value)!);
    cache.add('held', Promise.resolve('held'));
    cache.add('also held', Promise.resolve('also held'));
    await settle();
    cache.get('held');
    cache.get('also held');
    // 11 bytes protected: the least recently used of the two moves back to probation, where it fits.
    sizes.set('held', 7);
    cache.recount('held');
    expect(cache.size).toEqual({ entries: 2, bytes: 11 });
    // Counted again in probation, where 12 bytes do not fit.
    sizes.set('held', 12);
    cache.recount('held');
    expect(cache.size).toEqual({ entries: 1, bytes: 4 });
    expect(cache.made('also held')).toBe('also held');
  });

  it('keeps only the made values asked for, in both segments, their bytes let go of with the rest', async () => {
    const cache = hotCache<string>({ entries: 10, bytes: 1000 }, (value) => value.length);
    for (const key of ['keep', 'drop', 'held-keep', 'held-drop']) cache.add(key, Promise.resolve(key));
    await settle();
    cache.get('held-keep');
    cache.get('held-drop');
    cache.add('unmade', new Promise<string>(() => undefined));
    cache.keepOnly((value) => value.endsWith('keep'));
    expect(['keep', 'drop', 'held-keep', 'held-drop', 'unmade'].filter((key) => cache.get(key) !== undefined)).toEqual([
      'keep',
      'held-keep',
    ]);
    expect(cache.size).toEqual({ entries: 2, bytes: 'keep'.length + 'held-keep'.length });
  });
});
