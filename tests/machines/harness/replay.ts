import { isDeepStrictEqual } from 'node:util';
import { expect } from 'vitest';
import {
  createActor,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  type InspectionEvent,
} from 'xstate';
import { CoverageRecorder } from './coverage';
import { IdMap } from './ids';
import {
  FAILED,
  invocationOf,
  isOutcome,
  isTimer,
  simulate,
  type MachineModel,
  type ModelEvent,
  type ModelPath,
  type ModelStep,
} from './model';
import { faultKindFor, type FaultKind, type NetworkFaultKind } from './network';
import { paymentCalls } from './paymentFaults';
import { settle as settleAll, until as waitUntil } from './settle';
import { openShop, type Shop } from './shop';

/** One run of a machine on a shop: how the app starts it, and what the test does for the model's events. */
export interface MachineRun {
  /** The machine as the app provides it: its actors and actions. */
  logic: AnyStateMachine;
  input?: unknown;
  /**
   * The event the app sends for the model's (with the shop's data), after
   * doing what goes with it (signing in...); null when the world sends it
   * itself (the sign-in provider telling who is signed in).
   */
  send?(event: ModelEvent, actor: AnyActorRef): Promise<EventObject | null>;
  /**
   * Makes a call end as the model's outcome says, by the data (a refusal);
   * faults are armed by the harness. Called when the step that starts the
   * call comes ('starting': data the event carries) and again just before
   * the call, held till then, goes out ('answering': data on the server).
   */
  arrange?(outcome: ModelEvent, before: AnyMachineSnapshot, phase: 'starting' | 'answering'): Promise<void>;
  /** The machine's invariants against the backend and storage, after every step. */
  check(snapshot: AnyMachineSnapshot, shop: Shop): Promise<void>;
  /** A state the UI can show when nothing more happens: settled, and a failure said with a way on. */
  showable(snapshot: AnyMachineSnapshot, shop: Shop): boolean;
  /** A settled state that says all went well (no failure told): a fault run ending there must end as the plain run did. */
  recovered?(snapshot: AnyMachineSnapshot, shop: Shop): boolean;
}

export interface MachineBinding {
  name: string;
  /** Child actors that run for the machine's whole life (not calls), ignored when waiting for calls to end. */
  background?: readonly string[];
  /** Starts a run of `path` (whose input and first events may ask for data, such as a stored session). */
  open(shop: Shop, path: ModelPath): Promise<MachineRun>;
  /** Which payments the shop takes for this path (the mock's test ones unless said). */
  payments?(path: ModelPath): 'test' | 'paypal';
  /** How many products the shop's backend is seeded with for this path (a small catalogue unless said). */
  productCount?(path: ModelPath): number | undefined;
  /** Calls that are not API calls (the sign-in provider's), by the src of the actor making each, and how to make the next one fail. */
  otherCalls?: { srcs: readonly string[]; failNext(shop: Shop, kind: FaultKind): void };
}

/**
 * Where a fault run injects its fault: the n-th (from 0, after the machine
 * starts) API call, call to the backend's payment provider, or call of
 * the binding's other calls (the sign-in provider's).
 */
export type FaultChannel = 'network' | 'payment' | 'provider';
/** An API call's unless said; only an API call can also be done with its answer lost. */
export type Fault =
  { channel?: 'network'; call: number; kind: NetworkFaultKind } | { channel: 'payment' | 'provider'; call: number; kind: FaultKind };

/** How many calls a run made on each channel: what its fault runs fail, one at a time. */
export type CallCounts = Record<FaultChannel, number>;
/** For each channel, how many of the path's steps had begun when each of its calls was made (steps.length: after the last). */
export type CallSteps = Record<FaultChannel, number[]>;

/** For each invocation id, in the order its calls start: the fault the call meets (null: answered, or refused by the data). */
type Plan = Map<string, (FaultKind | null)[]>;

/**
 * Which call each outcome step ends, from the model run of the path (the
 * latest one of its invocation started before it): the faults to arm as
 * calls start, and for each step the outcomes whose calls it starts (0:
 * the machine's start, i + 1: step i), whose data is arranged before it.
 */
function planOf(model: MachineModel, path: ModelPath, kindOf: (index: number) => FaultKind): { faults: Plan; startedBy: number[][] } {
  const { started } = simulate(model, path);
  const faults: Plan = new Map();
  const latest = new Map<string, number>();
  const startedBy: number[][] = started.map(() => []);
  started.forEach((ids, at) => {
    for (const id of ids) {
      faults.set(id, [...(faults.get(id) ?? []), null]);
      latest.set(id, at);
    }
    const step = path.steps[at];
    if (step && isOutcome(step.event)) {
      const id = invocationOf(step.event);
      startedBy[latest.get(id)!]!.push(at);
      if (step.event.label === FAILED) {
        const calls = faults.get(id)!;
        calls[calls.length - 1] = kindOf(at);
      }
    }
  });
  return { faults, startedBy };
}

export interface ReplayOptions {
  recorder: CoverageRecorder;
  /** A fault run: this call fails this way, on top of the path's own data; the model's own failures are left out. */
  fault?: Fault;
  /** The plain run's settled end (its effect), which a fault run that recovered must reach too. */
  expected?: unknown;
}

export interface ReplayResult {
  /** The calls the run made on each channel. */
  callCounts: CallCounts;
  callSteps: CallSteps;
  /** The run's shop, for what a test reads of it after the run. */
  shop: Shop;
  /** The run's effect once settled. */
  settled: unknown;
}

const describeFault = ({ channel = 'network', call, kind }: Fault) =>
  `${channel === 'network' ? 'API' : channel === 'payment' ? 'payment provider' : 'sign-in provider'} call ${call + 1} failing (${kind})`;

/**
 * Replays a model path on a fresh shop with the app's machine: each
 * person's event sent, each call's outcome made to happen (a fault armed as
 * its invocation starts, or the data arranged before), time moved on for
 * timers; after each step the machine must be where the model says, show
 * what the model foresees (its `effect`, in the run's ids) and hold its
 * invariants. A fault run takes the same steps with the same data, one call
 * failing: until the fault comes it is checked as the plain one; from the
 * step the fault came in, each step is settled (every call answered, time
 * moved on) and the invariants checked, that step leaving the machine
 * somewhere the UI can show (the failure said, with a way on); it asks
 * that the fault came.
 */
export async function replay(
  binding: MachineBinding,
  model: MachineModel,
  path: ModelPath,
  pathIndex: number,
  options: ReplayOptions,
): Promise<ReplayResult> {
  paymentCalls.reset();
  const shop = await openShop({ payments: binding.payments?.(path), productCount: binding.productCount?.(path) });
  const run = await binding.open(shop, path);
  const ids = new IdMap();
  ids.learn(path.input, run.input);
  const plan = planOf(model, path, (index) => faultKindFor(pathIndex + index));
  const fault =
    options.fault &&
    (options.fault.channel === 'payment' || options.fault.channel === 'provider'
      ? options.fault
      : { ...options.fault, channel: 'network' as const });
  const processed = new Map<string, number>();
  let awaited: string | null = null;
  /** Every state value the machine was in, in order: a step may pass through the model's state on its way on. */
  const values: unknown[] = [];
  const creations = new Map<string, number>();
  const waiters = new Set<() => void>();
  // Undefined until createActor returns: the inspector already runs inside it.
  let root: AnyActorRef | undefined = undefined;
  const record = options.recorder.inspector((event) => event.actorRef === root);
  const inspect = (event: InspectionEvent) => {
    record(event);
    if (event.type === '@xstate.snapshot' && event.actorRef === root) values.push((event.snapshot as AnyMachineSnapshot).value);
    if (event.type === '@xstate.event' && event.actorRef === root) {
      processed.set(event.event.type, (processed.get(event.event.type) ?? 0) + 1);
      // The awaited answer came: calls it starts wait for their own step.
      if (event.event.type === awaited) {
        awaited = null;
        shop.holdCalls();
      }
      waiters.forEach((wake) => wake());
    }
    if (event.type === '@xstate.actor' && root && (event.actorRef as unknown as { _parent?: AnyActorRef })._parent === root)
      callStarted(event.actorRef as AnyActorRef);
  };
  const otherSrcs = binding.otherCalls?.srcs ?? [];
  let otherCalls = 0;
  /** The other call a fault run fails (its invocation id), once it has started; its error must then come. */
  let failedOther: { id: string; errorsBefore: number } | null = null;
  /** A call of the machine starts: the fault the plan gives it, or the fault run's, is armed. */
  const counted = new Set<AnyActorRef>();
  const callStarted = (child: AnyActorRef) => {
    if (counted.has(child)) return;
    counted.add(child);
    const index = creations.get(child.id) ?? 0;
    creations.set(child.id, index + 1);
    const other = otherSrcs.includes(String((child as unknown as { src: unknown }).src));
    if (other && fault?.channel === 'provider' && otherCalls === fault.call) {
      binding.otherCalls!.failNext(shop, fault.kind);
      failedOther = { id: child.id, errorsBefore: processed.get(`xstate.error.actor.${child.id}`) ?? 0 };
    }
    if (other) otherCalls++;
    const kind = fault ? null : plan.faults.get(child.id)?.[index];
    if (!kind) return;
    if (other) binding.otherCalls!.failNext(shop, kind);
    else shop.network.failNext(kind);
  };
  const actor = createActor(run.logic, { input: run.input as never, clock: shop.clock, inspect });
  root = actor;
  const networkBefore = shop.network.calls.length;
  const paymentsBefore = paymentCalls.count;
  if (fault?.channel === 'network') shop.network.failCall(networkBefore + fault.call, fault.kind);
  if (fault?.channel === 'payment') paymentCalls.failCall(paymentsBefore + fault.call, fault.kind);
  const stepsDone = new Map<string, number>();
  const where = (step: number) => `${binding.name}, path "${path.name}", step ${step + 1}${fault ? `, with ${describeFault(fault)}` : ''}`;
  /** The step a fault run's fault came in (null: not yet). */
  let faultStep: number | null = null;
  let arrangementSkipped = false;
  let settled: unknown;

  const arrange = async (at: number) => {
    for (const i of plan.startedBy[at]!) {
      const outcome = path.steps[i]!.event;
      if (outcome.label !== FAILED) await run.arrange?.(outcome, i === 0 ? path.initial : path.steps[i - 1]!.snapshot, 'starting');
    }
  };
  await arrange(0);
  shop.holdCalls();
  actor.start();
  options.recorder.noteStart(actor.getSnapshot() as never);
  // Calls the initial state starts are made before the actor is known (and held till their step).
  Object.values(actor.getSnapshot().children as Record<string, AnyActorRef>).forEach(callStarted);
  const callSteps: CallSteps = { network: [], payment: [], provider: [] };
  /** The calls made so far are noted as made during the steps begun so far. */
  const noteCalls = (begun: number) => {
    const made: CallCounts = {
      network: shop.network.calls.length - networkBefore,
      payment: paymentCalls.count - paymentsBefore,
      provider: otherCalls,
    };
    for (const channel of Object.keys(made) as FaultChannel[])
      while (callSteps[channel].length < made[channel]) callSteps[channel].push(begun);
  };
  try {
    for (const [index, step] of path.steps.entries()) {
      noteCalls(index);
      await arrange(index + 1);
      const from = values.length;
      await take(step, index);
      if (fault && faultCame()) {
        await settledAfterFault(index);
        continue;
      }
      // Until its fault comes, a fault run goes as the plain one: the same steps, each taken once the machine is where the model says.
      const reached = () =>
        values.slice(from).some((value) => isDeepStrictEqual(value, step.value)) ||
        isDeepStrictEqual(actor.getSnapshot().value, step.value);
      await until(
        reached,
        () =>
          `${where(index)}: the machine never went to ${JSON.stringify(step.value)} as the model says; it went ${JSON.stringify(values.slice(from))}`,
      );
      await run.check(actor.getSnapshot(), shop);
      // A machine already past the model's state (a call that is not held, such as reading a file, has answered) is compared at the next step.
      if (isDeepStrictEqual(actor.getSnapshot().value, step.value)) {
        expect(model.effect(actor.getSnapshot(), ids.real), `${where(index)}: the machine shows what the model foresees`).toEqual(
          model.effect(step.snapshot, ids.model),
        );
      }
    }
    noteCalls(path.steps.length);
    // Whatever the path left running ends here, not in the next path's shop; its calls count as the path's.
    shop.releaseCalls();
    await settle();
    noteCalls(path.steps.length + 1);
    const snapshot = actor.getSnapshot();
    // Settled, every run (a path may end with a call under way) holds against the backend.
    await run.check(snapshot, shop);
    if (fault) {
      expect(
        faultCame(),
        `${where(path.steps.length - 1)}: the fault was never injected (no such call came; the API calls: ${shop.network.calls.slice(networkBefore).join(', ')})`,
      ).toBe(true);
      expect(
        run.showable(snapshot, shop),
        `${where(path.steps.length - 1)}: ends in ${JSON.stringify(snapshot.value)}, which the UI cannot show`,
      ).toBe(true);
      if (!arrangementSkipped && options.expected !== undefined && run.recovered?.(snapshot, shop)) {
        expect(
          model.effect(snapshot, ids.real),
          `${where(path.steps.length - 1)}: told nothing failed, so it ends as the plain run does`,
        ).toEqual(options.expected);
      }
    }
    settled = model.effect(actor.getSnapshot(), ids.real);
  } finally {
    shop.releaseCalls();
    actor.stop();
    shop.network.answerAtOnce();
  }
  const callCounts = {
    network: shop.network.calls.length - networkBefore,
    payment: paymentCalls.count - paymentsBefore,
    provider: otherCalls,
  };
  return { callCounts, callSteps, shop, settled };

  /** A step of a fault run once its fault has come: the run goes its own way, each step settled, then checked and showable. */
  async function settledAfterFault(index: number) {
    shop.releaseCalls();
    await settle();
    const snapshot = actor.getSnapshot();
    await run.check(snapshot, shop);
    faultStep ??= index;
    expect(
      run.showable(snapshot, shop),
      `${where(index)}: ${index === faultStep ? 'the step the fault came in' : 'a step after the fault'} ends in ${JSON.stringify(snapshot.value)}, which the UI cannot show`,
    ).toBe(true);
  }

  function faultCame(): boolean {
    if (fault!.channel === 'network') return shop.network.faulted.includes(networkBefore + fault!.call);
    if (fault!.channel === 'payment') return paymentCalls.faulted.includes(paymentsBefore + fault!.call);
    return failedOther !== null && (processed.get(`xstate.error.actor.${failedOther.id}`) ?? 0) > failedOther.errorsBefore;
  }

  async function take(step: ModelStep, index: number) {
    const { event } = step;
    if (isOutcome(event)) {
      const done = (stepsDone.get(event.type) ?? 0) + 1;
      stepsDone.set(event.type, done);
      const came = () => (processed.get(event.type) ?? 0) >= done;
      if (!came()) {
        // Once a fault run has gone its own way, the server's data is no longer made to fit the model's answer behind the machine's back.
        if (event.label !== FAILED && faultStep === null)
          await run.arrange?.(event, index === 0 ? path.initial : path.steps[index - 1]!.snapshot, 'answering');
        else if (event.label !== FAILED) arrangementSkipped = true;
        awaited = event.type;
        shop.releaseCalls();
      }
      // After a fault the machine may go another way (a retry, an error shown): the answer may never come.
      if (fault) return settle(came);
      return until(came, () => `${event.type} (${event.label}) never came; the machine is in ${JSON.stringify(actor.getSnapshot().value)}`);
    }
    if (isTimer(event)) {
      if (fault) shop.clock.runNext();
      else expect(shop.clock.runNext(), `a timer is set for ${event.type}`).toBe(true);
      return;
    }
    const concrete = run.send ? await run.send(event, actor) : event;
    if (concrete) ids.learn(event, concrete);
    // A fault run may have ended the machine (checkout home) before the path's last events.
    if (concrete && actor.getSnapshot().status === 'active') actor.send(concrete);
  }

  /** Waits until no call runs (timers moved on), or until `done` holds. */
  function settle(done?: () => boolean) {
    return settleAll([actor], shop.clock, binding.background, waiters, done);
  }

  function until(ready: () => boolean, why: () => string) {
    return waitUntil(ready, why, waiters);
  }
}
