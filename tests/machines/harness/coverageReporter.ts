import { readdirSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';
import { coverageLine, type CoverageCount } from './coverage';

/** The shop's machines: every `machines/<name>.machine.ts`, each of which must have its line in the table. */
export const shopMachines = (): string[] =>
  readdirSync(new URL('../../../machines/', import.meta.url))
    .filter((file) => file.endsWith('.machine.ts'))
    .map((file) => file.replace(/\.machine\.ts$/, ''))
    .sort();

/** What makes the table fail: a machine with no line (its paths not run, or its coverage test skipped), or one below 100 %. */
export function coverageProblems(counts: readonly CoverageCount[], machines: readonly string[]): string[] {
  const missing = machines
    .filter((machine) => !counts.some((count) => count.machine === machine))
    .map((machine) => `${machine}: no coverage reported`);
  const short = counts
    .filter(({ states, transitions }) => states.missing.length > 0 || transitions.missing.length > 0)
    .map(({ machine, states, transitions }) => `${machine}: never reached ${[...states.missing, ...transitions.missing].join(', ')}`);
  return [...missing, ...short];
}

/**
 * `npm run test:machines`'s table: per machine, states reached / states and
 * transitions taken / transitions, as each machine's coverage test left
 * them in its task meta, the fault runs its tests made, and the run's time. The run fails when a shop
 * machine has no line or is below 100 % (the coverage tests fail then too).
 */
export default class MachineCoverageReporter implements Reporter {
  #started = performance.now();

  onTestRunStart(): void {
    this.#started = performance.now();
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const tests = testModules.flatMap((module) => [...module.children.allTests()]);
    const faultRuns = new Map<string, number>();
    for (const test of tests) {
      const ran = test.meta().machineFaultRuns;
      if (ran) faultRuns.set(ran.machine, (faultRuns.get(ran.machine) ?? 0) + ran.runs);
    }
    const counts = tests
      .map((test) => test.meta().machineCoverage)
      .filter((count): count is CoverageCount => count !== undefined)
      .sort((a, b) => a.machine.localeCompare(b.machine));
    const seconds = ((performance.now() - this.#started) / 1000).toFixed(1);
    const problems = coverageProblems(counts, shopMachines());
    console.log(
      [
        '',
        'Machine coverage (model paths replayed on the mock backend):',
        ...counts.map((count) => coverageLine(count, faultRuns.get(count.machine) ?? 0)),
        `${counts.length} machines, ${seconds} s`,
        ...problems.map((problem) => `FAILED ${problem}`),
        '',
      ].join('\n'),
    );
    if (problems.length > 0) process.exitCode = 1;
  }
}
