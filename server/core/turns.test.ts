import { describe, expect, it } from 'vitest';
import { takingTurns } from './turns';

/** A job that runs until let go, noting when it starts. */
function job(name: string, started: string[]) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { run: () => (started.push(name), done.then(() => name)), finish };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('takingTurns', () => {
  it('runs no more jobs at once than it may, and the callers in turn', async () => {
    const turns = takingTurns(1);
    const started: string[] = [];
    const flood = Array.from({ length: 5 }, (_, i) => job(`flood-${i}`, started));
    const other = job('other', started);
    const floodAnswers = flood.map((each) => turns('attacker', each.run));
    const otherAnswer = turns('visitor', other.run);
    await settle();
    expect(started).toEqual(['flood-0']);
    flood[0]!.finish();
    await settle();
    // The other caller's job is next, however many the first one sent before it.
    expect(started).toEqual(['flood-0', 'other']);
    other.finish();
    expect(await otherAnswer).toBe('other');
    for (const each of flood.slice(1)) {
      await settle();
      each.finish();
    }
    expect(await Promise.all(floodAnswers)).toEqual(flood.map((_, i) => `flood-${i}`));
    expect(started).toEqual(['flood-0', 'other', 'flood-1', 'flood-2', 'flood-3', 'flood-4']);
  });

  it('goes on with the next job after one fails, its caller told', async () => {
    const turns = takingTurns(1);
    const failing = turns('a', () => Promise.reject(new Error('the database is down')));
    const next = turns('a', async () => 'read');
    await expect(failing).rejects.toThrow('the database is down');
    expect(await next).toBe('read');
  });

  it('runs as many at once as it may', async () => {
    const turns = takingTurns(2);
    const started: string[] = [];
    const jobs = ['a', 'b', 'c'].map((name) => job(name, started));
    const answers = jobs.map((each, i) => turns(`caller-${i}`, each.run));
    await settle();
    expect(started).toEqual(['a', 'b']);
    jobs[1]!.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    for (const each of jobs) each.finish();
    expect(await Promise.all(answers)).toEqual(['a', 'b', 'c']);
  });
});
