import type { Reporter, TestModule } from 'vitest/node';
import { coverageLine, type CoverageCount } from './coverage';

/**
 * `npm run test:machines`'s table: per machine, states reached / states and
 * transitions taken / transitions, as each machine's coverage test left
 * them in its task meta, and the run's time. (The coverage tests
 * themselves fail below 100 %.)
 */
export default class MachineCoverageReporter implements Reporter {
  #started = performance.now();

  onTestRunStart(): void {
    this.#started = performance.now();
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = testModules
      .flatMap((module) => [...module.children.allTests()])
      .map((test) => test.meta().machineCoverage)
      .filter((count): count is CoverageCount => count !== undefined)
      .sort((a, b) => a.machine.localeCompare(b.machine));
    const seconds = ((performance.now() - this.#started) / 1000).toFixed(1);
    console.log(['', 'Machine coverage (model paths replayed on the mock backend):', ...counts.map(coverageLine), `${counts.length} machines, ${seconds} s`, ''].join('\n'));
  }
}
