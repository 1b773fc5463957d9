import { describe, expect, it } from 'vitest';
import { madeOnce } from './madeOnce';

describe('madeOnce', () => {
  it("shares the first call's promise, and makes it again after a failure", async () => {
    const calls: string[] = [];
    let fail = true;
    const read = madeOnce(async (asker: string) => {
      calls.push(asker);
      if (fail) throw new Error('down');
      return asker;
    });
    await expect(read('a')).rejects.toThrow('down');
    fail = false;
    const [first, second] = await Promise.all([read('b'), read('c')]);
    expect([first, second, await read('d')]).toEqual(['b', 'b', 'b']);
    expect(calls).toEqual(['a', 'b']);
  });
});
