import { describe, expect, it } from 'vitest';
import { coverageLine, CoverageRecorder, type CoverageCount } from './coverage';
import { FAILED, modelPaths, type MachineModel, type ModelPath } from './model';
import { FAULT_KINDS, NETWORK_FAULT_KINDS } from './network';
import { replay, type CallCounts, type Fault, type MachineBinding, type ReplayResult } from './replay';

declare module 'vitest' {
  interface TaskMeta {
    /** Read by tests/machines/harness/coverageReporter.ts for the table printed at the end. */
    machineCoverage?: CoverageCount;
    /** How many fault runs a test of `machine`'s made, summed per machine by the same reporter. */
    machineFaultRuns?: { machine: string; runs: number };
  }
}

/**
 * Every fault a fault run of a path with these calls injects: each call of
 * each channel failing each way it can: an API call each network fault
 * (also done by the backend with its answer lost), the payment and
 * sign-in providers' calls as any call fails.
 */
export const faultsFor = (calls: CallCounts): Fault[] => [
  ...Array.from({ length: calls.network }, (_, call) =>
    NETWORK_FAULT_KINDS.map((kind): Fault => ({ channel: 'network', call, kind })),
  ).flat(),
  ...(['payment', 'provider'] as const).flatMap((channel) =>
    Array.from({ length: calls[channel] }, (_, call) => FAULT_KINDS.map((kind): Fault => ({ channel, call, kind }))).flat(),
  ),
];

/**
 * The model-based tests of one machine: every path of its model replayed
 * on a fresh shop (one test per path, named in full), the coverage they
 * reached (100 % of states and of the transitions from every state that
 * handles them, else the test fails naming what is missing), and the fault
 * runs: each path whose calls all succeed, again with each of its calls
 * failing once in each way (network error, 500, timeout, an API call done with its answer lost); a call an
 * earlier path made after the very same steps has already failed in each
 * way, and is not failed again.
 */
export function machinePaths(models: MachineModel | MachineModel[], binding: MachineBinding): void {
  const all = [models].flat();
  const { name, machine } = all[0]!;
  // Several models of one machine (each with the events that keep its answers foreseeable) share its coverage.
  const runs: { model: MachineModel; path: ModelPath; index: number }[] = all
    .flatMap((model) => modelPaths(model).map((path) => ({ model, path })))
    .map((run, index) => ({ ...run, index }));
  const recorder = new CoverageRecorder(machine, Object.assign({}, ...all.map((model) => model.impossible ?? {})));
  const callsOf = new Map<number, ReplayResult>();
  /** The faults already run, by the steps that led to the call and the call: a path sharing those steps with an earlier one has met them. */
  const faultsRun = new Set<string>();

  describe(`${name}: model paths`, () => {
    for (const { model, path, index } of runs) {
      it(path.name, async () => {
        callsOf.set(index, await replay(binding, model, path, index, { recorder }));
      });
    }

    it('reach every state and take every transition from every state', ({ task }) => {
      const count = recorder.count(name);
      task.meta.machineCoverage = count;
      console.log(coverageLine(count));
      expect({ states: count.states.missing, transitions: count.transitions.missing }, 'never reached').toEqual({
        states: [],
        transitions: [],
      });
    });
  });

  describe(`${name}: each call failing once`, () => {
    for (const { model, path, index } of runs.filter((run) => !run.path.steps.some((step) => step.event.label === FAILED))) {
      it(path.name, async ({ task }) => {
        let runs = 0;
        const { callCounts, callSteps, settled } =
          callsOf.get(index) ?? (await replay(binding, model, path, index, { recorder: new CoverageRecorder(machine) }));
        for (const fault of faultsFor(callCounts)) {
          const begun = callSteps[fault.channel!]![fault.call]!;
          const key = `${begun > path.steps.length || !path.prefix ? `${path.name} (then settled)` : path.prefix(begun)} | ${fault.channel} call ${fault.call} ${fault.kind}`;
          if (faultsRun.has(key)) continue;
          faultsRun.add(key);
          await replay(binding, model, path, index, { recorder: new CoverageRecorder(machine), fault, expected: settled });
          task.meta.machineFaultRuns = { machine: name, runs: ++runs };
        }
      });
    }
  });
}
