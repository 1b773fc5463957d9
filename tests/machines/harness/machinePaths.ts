import { describe, expect, it } from 'vitest';
import { coverageLine, CoverageRecorder, type CoverageCount } from './coverage';
import { FAILED, modelPaths, type MachineModel } from './model';
import { faultKindFor } from './network';
import { replay, type MachineBinding } from './replay';

declare module 'vitest' {
  interface TaskMeta {
    /** Read by tests/machines/harness/coverageReporter.ts for the table printed at the end. */
    machineCoverage?: CoverageCount;
  }
}

/**
 * The model-based tests of one machine: every path of its model replayed
 * on a fresh shop (`it` per path), the coverage they reached (100 % of
 * states and transitions, else the test fails naming what is missing), and
 * the fault runs: each path whose calls all succeed, again with each of
 * its calls failing once (network error, 500 and timeout in turn).
 */
export function machinePaths(models: MachineModel | MachineModel[], binding: MachineBinding): void {
  const all = [models].flat();
  const { name, machine } = all[0]!;
  // Several models of one machine (each with the events that keep its answers foreseeable) share its coverage.
  const runs = all.flatMap((model) => modelPaths(model).map((path) => ({ model, path, name: path.name })));
  const recorder = new CoverageRecorder(machine);
  const callsOf = new Map<string, number>();

  describe(`${name}: model paths`, () => {
    it.each(runs.map((run, index) => ({ ...run, index })))('$name', async ({ model, path, index }) => {
      const { calls } = await replay(binding, model, path, index, { recorder });
      callsOf.set(path.name, calls);
    });

    it('reach every state and take every transition', ({ task }) => {
      const count = recorder.count(name);
      task.meta.machineCoverage = count;
      console.log(coverageLine(count));
      expect({ states: count.states.missing, transitions: count.transitions.missing }, 'never reached').toEqual({ states: [], transitions: [] });
    });
  });

  describe(`${name}: each call failing once`, () => {
    const clean = runs.filter(({ path }) => !path.steps.some((step) => step.event.label === FAILED));
    it.each(clean.map((run, index) => ({ ...run, index })))('$name', async ({ model, path, index }) => {
      const calls = callsOf.get(path.name) ?? (await replay(binding, model, path, index, { recorder: new CoverageRecorder(machine) })).calls;
      for (let call = 0; call < calls; call++) {
        await replay(binding, model, path, index, { recorder: new CoverageRecorder(machine), fault: { call, kind: faultKindFor(index + call) } });
      }
    });
  });
}
