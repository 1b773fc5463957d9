import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { coverageLine, CoverageRecorder, type CoverageCount } from './coverage';
import { modelPaths, type MachineModel } from './model';
import { faultKindFor } from './network';
import { FAILED, replay, type MachineBinding } from './replay';

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
export function machinePaths<TMachine extends AnyStateMachine>(model: MachineModel<TMachine>, binding: MachineBinding): void {
  const paths = modelPaths(model);
  const recorder = new CoverageRecorder(model.machine);
  const callsOf = new Map<string, number>();

  describe(`${model.name}: model paths`, () => {
    it.each(paths.map((path, index) => ({ path, index, name: path.name })))('$name', async ({ path, index }) => {
      const { calls } = await replay(binding, model, path, index, { recorder });
      callsOf.set(path.name, calls);
    });

    it('reach every state and take every transition', ({ task }) => {
      const count = recorder.count(model.name);
      task.meta.machineCoverage = count;
      console.log(coverageLine(count));
      expect({ states: count.states.missing, transitions: count.transitions.missing }, 'never reached').toEqual({ states: [], transitions: [] });
    });
  });

  describe(`${model.name}: each call failing once`, () => {
    const clean = paths.filter((path) => !path.steps.some((step) => step.event.label === FAILED));
    it.each(clean.map((path, index) => ({ path, index, name: path.name })))('$name', async ({ path, index }) => {
      const calls = callsOf.get(path.name) ?? (await replay(binding, model, path, index, { recorder: new CoverageRecorder(model.machine) })).calls;
      for (let call = 0; call < calls; call++) {
        await replay(binding, model, path, index, { recorder: new CoverageRecorder(model.machine), fault: { call, kind: faultKindFor(index + call) } });
      }
    });
  });
}
