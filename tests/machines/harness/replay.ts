import { isDeepStrictEqual } from 'node:util';
import { expect } from 'vitest';
import { createActor, type AnyActorRef, type AnyMachineSnapshot, type AnyStateMachine, type EventObject, type InspectionEvent } from 'xstate';
import { CoverageRecorder } from './coverage';
import { FAILED, isOutcome, isTimer, simulate, type MachineModel, type ModelEvent, type ModelPath, type ModelStep } from './model';
import { faultKindFor, type FaultKind } from './network';
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
  /** Makes a call of this actor fail that is not an API call (the sign-in provider's); false leaves it to the network. */
  failOther?(src: string, shop: Shop): boolean;
}

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

const invocationOf = (event: ModelEvent) => event.type.replace(/^xstate\.(done|error)\.actor\./, '');

export interface ReplayOptions {
  recorder: CoverageRecorder;
  /** A fault run: this call (counted from 0 after the machine starts) fails this way, and the model's own failures are left out. */
  fault?: { call: number; kind: FaultKind };
}

export interface ReplayResult {
  calls: number;
  shop: Shop;
}

/**
 * Replays a model path on a fresh shop with the app's machine: each
 * person's event sent, each call's outcome made to happen (a fault armed as
 * its invocation starts, or the data arranged before), time moved on for
 * timers; after each step the machine must be where the model says and the
 * invariants must hold. A fault run instead fails one call and only asks
 * that the machine ends somewhere the UI can show, with the invariants held.
 */
export async function replay(binding: MachineBinding, model: MachineModel, path: ModelPath, pathIndex: number, options: ReplayOptions): Promise<ReplayResult> {
  const shop = await openShop({ payments: binding.payments?.(path), productCount: binding.productCount?.(path) });
  const run = await binding.open(shop, path);
  const plan = planOf(model, path, (index) => faultKindFor(pathIndex + index));
  const processed = new Map<string, number>();
  let awaited: string | null = null;
  /** Every state value the machine was in, in order: a step may pass through the model's state on its way on. */
  const values: unknown[] = [];
  const creations = new Map<string, number>();
  const waiters = new Set<() => void>();
  let root: AnyActorRef | undefined;
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
    if (event.type === '@xstate.actor' && root && (event.actorRef as unknown as { _parent?: AnyActorRef })._parent === root) callStarted(event.actorRef as AnyActorRef);
  };
  /** A call of the machine starts: the fault the plan gives it is armed. */
  const counted = new Set<AnyActorRef>();
  const callStarted = (child: AnyActorRef) => {
    if (counted.has(child)) return;
    counted.add(child);
    const index = creations.get(child.id) ?? 0;
    creations.set(child.id, index + 1);
    const kind = options.fault ? null : plan.faults.get(child.id)?.[index];
    if (kind && !binding.failOther?.(String((child as unknown as { src: unknown }).src), shop)) shop.network.failNext(kind);
  };
  const actor = createActor(run.logic, { input: run.input as never, clock: shop.clock, inspect });
  root = actor;
  const callsBefore = shop.network.calls.length;
  if (options.fault) shop.network.failCall(callsBefore + options.fault.call, options.fault.kind);
  const stepsDone = new Map<string, number>();
  const where = (step: number) => `${binding.name}, path "${path.name}", step ${step + 1}`;

  const arrange = async (at: number) => {
    for (const i of plan.startedBy[at]!) {
      const outcome = path.steps[i]!.event;
      if (outcome.label !== FAILED) await run.arrange?.(outcome, i === 0 ? path.initial : path.steps[i - 1]!.snapshot, 'starting');
    }
  };
  await arrange(0);
  if (!options.fault) shop.holdCalls();
  actor.start();
  options.recorder.noteStart(actor.getSnapshot() as never);
  // Calls the initial state starts are made before the actor is known (and held till their step).
  Object.values(actor.getSnapshot().children as Record<string, AnyActorRef>).forEach(callStarted);
  try {
    for (const [index, step] of path.steps.entries()) {
      await arrange(index + 1);
      const from = values.length;
      await take(step, index);
      if (!options.fault) {
        const reached = () => values.slice(from).some((value) => isDeepStrictEqual(value, step.value)) || isDeepStrictEqual(actor.getSnapshot().value, step.value);
        await until(reached, () => `${where(index)}: the machine never went to ${JSON.stringify(step.value)} as the model says; it went ${JSON.stringify(values.slice(from))}`);
        await run.check(actor.getSnapshot(), shop);
      }
    }
    if (options.fault) {
      await settle();
      const snapshot = actor.getSnapshot();
      await run.check(snapshot, shop);
      expect(run.showable(snapshot, shop), `${where(path.steps.length - 1)} with call ${options.fault.call + 1} failing (${options.fault.kind}): ends in ${JSON.stringify(snapshot.value)}, which the UI cannot show`).toBe(true);
    }
  } finally {
    shop.releaseCalls();
    actor.stop();
    shop.network.answerAtOnce();
  }
  return { calls: shop.network.calls.length - callsBefore, shop };

  async function take(step: ModelStep, index: number) {
    const { event } = step;
    if (isOutcome(event)) {
      if (options.fault) return settle();
      const done = (stepsDone.get(event.type) ?? 0) + 1;
      stepsDone.set(event.type, done);
      if ((processed.get(event.type) ?? 0) < done) {
        if (event.label !== FAILED) await run.arrange?.(event, index === 0 ? path.initial : path.steps[index - 1]!.snapshot, 'answering');
        awaited = event.type;
        shop.releaseCalls();
      }
      return until(() => (processed.get(event.type) ?? 0) >= done, () => `${event.type} (${event.label}) never came; the machine is in ${JSON.stringify(actor.getSnapshot().value)}`);
    }
    if (isTimer(event)) {
      if (options.fault) return settle();
      expect(shop.clock.runNext(), `a timer is set for ${event.type}`).toBe(true);
      return;
    }
    const concrete = run.send ? await run.send(event, actor) : event;
    // A fault run may have ended the machine (checkout home) before the path's last events.
    if (concrete && actor.getSnapshot().status === 'active') actor.send(concrete);
    if (options.fault) await settle();
  }

  function settle() {
    return settleAll([actor], shop.clock, binding.background, waiters);
  }

  function until(ready: () => boolean, why: () => string) {
    return waitUntil(ready, why, waiters);
  }
}
