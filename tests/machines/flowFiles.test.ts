import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { shopMachines } from './harness/coverageReporter';

/** The machines whose app wiring is shared, in `src/state/shop/shop.{actors,logic,calls}.ts`: they are run and bridged together. */
const SHOP_GROUP = ['cart', 'favorites', 'products'];

const machines = shopMachines();
const sourceFiles = (readdirSync('src', { recursive: true }) as string[]).map((file) => `src/${file.replaceAll('\\', '/')}`);
const wiringFiles = sourceFiles.filter((file) => /\.(actors|logic)\.ts$/.test(file));
const flowOf = (file: string) =>
  file
    .split('/')
    .at(-1)!
    .replace(/\.(actors|logic)\.ts$/, '');

describe('one place per flow: every machine X by the naming rule of docs/architecture.md', () => {
  it.each(machines)('%s: its machine and unit paths in machines/, its QA model and paths in tests/machines/', (machine) => {
    const expected = [
      `machines/${machine}.machine.ts`,
      `machines/${machine}.machine.test.ts`,
      `tests/machines/${machine}.model.ts`,
      `tests/machines/${machine}.test.ts`,
    ];
    expect(expected.filter((file) => !existsSync(file))).toEqual([]);
  });

  it.each(machines)("%s: the app provides it from one X.logic.ts (or the shop group's shop.logic.ts)", (machine) => {
    const logic = SHOP_GROUP.includes(machine)
      ? ['src/state/shop/shop.logic.ts']
      : wiringFiles.filter((file) => file.endsWith(`/${machine}.logic.ts`));
    expect(logic).toHaveLength(1);
    expect(existsSync(logic[0]!)).toBe(true);
  });

  it('each app wiring file (.actors.ts, .logic.ts) is named for a machine, or for the shop group', () => {
    expect(wiringFiles.map(flowOf).filter((flow) => flow !== 'shop' && !machines.includes(flow))).toEqual([]);
  });

  it('each X.actors.ts sits beside its X.logic.ts', () => {
    const actors = wiringFiles.filter((file) => file.endsWith('.actors.ts'));
    expect(actors.filter((file) => !wiringFiles.includes(file.replace(/\.actors\.ts$/, '.logic.ts')))).toEqual([]);
  });

  it('no wiring file is named the other way (fooActors.ts, fooLogic.ts)', () => {
    expect(sourceFiles.filter((file) => /(Actors|Logic)(\.test)?\.tsx?$/.test(file))).toEqual([]);
  });

  it('each QA binding (tests/machines/X.binding.ts) is named for a machine', () => {
    const bindings = readdirSync('tests/machines').filter((file) => file.endsWith('.binding.ts'));
    expect(bindings.map((file) => file.replace(/\.binding\.ts$/, '')).filter((flow) => !machines.includes(flow))).toEqual([]);
  });
});
