import {
  createActor,
  fromCallback,
  fromPromise,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';
import { getAdjacencyMap } from 'xstate/graph';
import { CoverageRecorder } from './coverage';
import type { Id } from './ids';
import { ManualClock } from './manualClock';

/**
 * An event of the model: what a person does (SIGNED_IN, ADD...), an
 * invoked call's outcome (xstate.done.actor.* / xstate.error.actor.*), or
 * time passing (xstate.after.*). `label` names it in paths and reports
 * ("refused", "failed"); the machine ignores it.
 */
export type ModelEvent = EventObject & { label?: string; [key: string]: unknown };

/** How a call can end in the model: answered with an output, or failed with an error of a kind; `when` the data allows it. Each is given the call's input. */
export type Outcome<TSnapshot> = { label: string; when?: (snapshot: TSnapshot, input: unknown) => boolean } & (
  { output: (snapshot: TSnapshot, input: unknown) => unknown } | { error: (snapshot: TSnapshot, input: unknown) => Error }
);

/** Outcome labels the harness makes happen with an injected fault (the rest come from the data). */
export const FAILED = 'failed';

/** A call that fails, by an injected fault: no network, a 500 or a timeout. */
export const fails = <TSnapshot>(): Outcome<TSnapshot> => ({ label: FAILED, error: () => new Error('The call failed.') });

/** A call answered with `output`. */
export const answers = <TSnapshot>(
  output: (snapshot: TSnapshot, input: unknown) => unknown,
  when?: Outcome<TSnapshot>['when'],
): Outcome<TSnapshot> => ({ label: 'answered', output, when });

export interface MachineModel<TMachine extends AnyStateMachine = AnyStateMachine> {
  name: string;
  machine: TMachine;
  /** Where paths start: the machine's input, or several (each named) when the start itself differs (a stored session or none). */
  inputs: { label: string; input: unknown }[];
  /** What the traversal tells apart beside the state value: the context that guards read. */
  key(snapshot: ReturnType<TMachine['transition']>): unknown;
  /** The person's events offered (only those the state handles are taken). */
  events(snapshot: ReturnType<TMachine['transition']>): ModelEvent[];
  /** How each invoked actor (by its src) may end. */
  outcomes: Record<string, Outcome<ReturnType<TMachine['transition']>>[]>;
  /**
   * What each step leaves that the real run must show as the model does:
   * the part of the context that the person's asks and the server's answers
   * decide (what was asked for, and what the server said it holds), each id
   * passed through `id` and left out where that gives undefined. The replay
   * compares it on the model's snapshot (model ids made real) and on the
   * real one after every step.
   */
  effect(snapshot: ReturnType<TMachine['transition']>, id: (id: Id) => Id | undefined): unknown;
  /**
   * What a call does, by its src and input (the cart's `send`: an add, an
   * amount, a remove, a clear), or by the state it runs in (favourites'
   * reload with changes waiting or none), where one invocation makes
   * different calls: the paths then end each kind of call in each way it can end.
   */
  callKind?(src: string, input: unknown, snapshot: ReturnType<TMachine['transition']>): string | undefined;
  /** Transitions (as the coverage counts them) that the machine's guards, or the app's wiring of it, rule out from a state, each with why: left out of 100 %. */
  impossible?: Readonly<Record<string, string>>;
}

export interface ModelStep {
  event: ModelEvent;
  /** The state the machine is in after the event (its value). */
  value: unknown;
  snapshot: AnyMachineSnapshot;
}

export interface ModelPath {
  name: string;
  /** The name of the path's first `steps` steps (with its start's label); a path made by hand may leave it out. */
  prefix?(steps: number): string;
  /** The machine's input, and its model state before the first step. */
  input: unknown;
  initial: AnyMachineSnapshot;
  steps: ModelStep[];
}

export const isOutcome = (event: EventObject) =>
  event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.');
export const isTimer = (event: EventObject) => event.type.startsWith('xstate.after.');
/** The invocation an outcome event ends. */
export const invocationOf = (event: EventObject) => event.type.replace(/^xstate\.(done|error)\.actor\./, '');

const describe = (event: ModelEvent) => {
  if (isOutcome(event))
    return `${event.type
      .replace(/^xstate\.(done|error)\.actor\.\d+\./, '')
      .split('.')
      .at(-1)} ${event.label}`;
  if (isTimer(event)) return 'time passes';
  const { type, label } = event;
  return label ? `${type} ${label}` : type;
};

/** The outcome events of the calls running in a snapshot, and its timers' events. */
function worldEvents<TMachine extends AnyStateMachine>(
  model: MachineModel<TMachine>,
  snapshot: ReturnType<TMachine['transition']>,
): ModelEvent[] {
  const calls = Object.entries(snapshot.children as Record<string, { src: unknown; options: { input?: unknown } }>).flatMap(([id, child]) =>
    (model.outcomes[String(child.src)] ?? []).flatMap((outcome): ModelEvent[] => {
      const input = child.options.input;
      if (outcome.when && !outcome.when(snapshot, input)) return [];
      if ('output' in outcome) return [{ type: `xstate.done.actor.${id}`, output: outcome.output(snapshot, input), label: outcome.label }];
      return [{ type: `xstate.error.actor.${id}`, error: outcome.error(snapshot, input), label: outcome.label }];
    }),
  );
  const timers = (snapshot._nodes as { after: { eventType: string }[] }[]).flatMap((node) =>
    node.after.map(({ eventType }) => ({ type: eventType, label: 'time passes' })),
  );
  return [...calls, ...timers];
}

/**
 * Paths from the machine's graph (xstate/graph's adjacency map): the
 * shortest way to every state the model tells apart, then each transition
 * out of it; of these, the fewest that together reach every state and take
 * every transition the model reaches (a greedy cover, checked on the model).
 */
export const modelPaths = <TMachine extends AnyStateMachine>(model: MachineModel<TMachine>): ModelPath[] =>
  fewestCovering(model, everyPath(model));

/** Every path of the graph: the shortest way to every state the model tells apart, then each transition out of it. */
export function everyPath<TMachine extends AnyStateMachine>(model: MachineModel<TMachine>): ModelPath[] {
  type Snapshot = ReturnType<TMachine['transition']>;
  // The calls running, with their inputs, tell states apart too: their answers depend on them.
  const calls = (snapshot: Snapshot) =>
    Object.entries(snapshot.children as Record<string, { options: { input?: unknown } }>).map(([id, child]) => [id, child.options.input]);
  const named = (_: string, value: unknown) => (value instanceof File ? `file ${value.name}` : value);
  const serializeState = (snapshot: Snapshot) => JSON.stringify([snapshot.value, model.key(snapshot), calls(snapshot)], named);
  return model.inputs.flatMap(({ label, input }) => {
    const adjacency = getAdjacencyMap(
      model.machine as never,
      {
        input,
        events: (snapshot: Snapshot) => [...model.events(snapshot), ...worldEvents(model, snapshot)],
        serializeState,
        serializeEvent: (event: ModelEvent) => `${event.type} ${event.label ?? ''}`,
        limit: 20_000,
      } as Parameters<typeof getAdjacencyMap<Snapshot, ModelEvent, unknown>>[1],
    );
    // Breadth first from the initial state: the shortest way to each state, then each transition out of it.
    const [initialKey] = Object.keys(adjacency);
    const initial = adjacency[initialKey as keyof typeof adjacency]!.state as AnyMachineSnapshot;
    const shortest = new Map<string, ModelStep[]>([[initialKey!, []]]);
    const paths: ModelPath[] = [];
    for (const [key, head] of shortest) {
      for (const { event, state } of Object.values(adjacency[key as keyof typeof adjacency]!.transitions)) {
        const steps = [...head, { event: event as ModelEvent, value: state.value, snapshot: state as AnyMachineSnapshot }];
        const prefix = (count: number) => [label, ...steps.slice(0, count).map((step) => describe(step.event))].filter(Boolean).join(' > ');
        paths.push({ name: prefix(steps.length), prefix, input, initial, steps });
        const next = serializeState(state as Snapshot);
        if (!shortest.has(next)) shortest.set(next, steps);
      }
    }
    return paths;
  });
}

/**
 * A path run on the model alone: its events sent to the machine, whose
 * calls never end on their own. What it reaches, and which calls (by
 * invocation id) each step started: before the first step (`started[0]`)
 * and after each (`started[i + 1]`).
 */
export function simulate(model: MachineModel, path: ModelPath): { reached: Set<string>; started: string[][] } {
  const recorder = new CoverageRecorder(model.machine);
  const started: string[][] = [[]];
  // Undefined until createActor returns: the inspector already runs inside it.
  let root: AnyActorRef | undefined = undefined;
  const record = recorder.inspector((event) => event.actorRef === root);
  const actor = createActor(modelMachine(model), {
    input: path.input as never,
    clock: new ManualClock(),
    inspect: (event) => {
      record(event);
      const parent = (event.actorRef as unknown as { _parent?: AnyActorRef })._parent;
      if (event.type === '@xstate.actor' && root && parent === root) started.at(-1)!.push((event.actorRef as AnyActorRef).id);
    },
  });
  root = actor;
  actor.start();
  recorder.noteStart(actor.getSnapshot() as never);
  // Calls the initial state starts are made before the actor is known.
  for (const id of Object.keys(actor.getSnapshot().children)) if (!started[0]!.includes(id)) started[0]!.push(id);
  const calls = new Set<string>();
  for (const step of path.steps) {
    started.push([]);
    const call = isOutcome(step.event)
      ? (actor.getSnapshot().children as Record<string, { src: unknown; options: { input?: unknown } }>)[invocationOf(step.event)]
      : undefined;
    const kind = call && model.callKind?.(String(call.src), call.options.input, actor.getSnapshot());
    if (kind) calls.add(`${String(call.src)} ${kind} ${step.event.label}`);
    // Past a final state (checkout's home) an event changes nothing.
    if (actor.getSnapshot().status === 'active') actor.send(step.event);
  }
  actor.stop();
  return { reached: new Set([...recorder.states, ...recorder.transitions, ...calls]), started };
}

/** The model's machine with calls that never end on their own, and life-long actors that do nothing (made once per model: provide is not cheap). */
const modelMachines = new WeakMap<MachineModel, AnyStateMachine>();
function modelMachine(model: MachineModel): AnyStateMachine {
  const known = modelMachines.get(model);
  if (known) return known;
  const idle = Object.fromEntries(Object.keys(model.outcomes).map((src) => [src, fromPromise(() => new Promise<never>(() => {}))]));
  const background = Object.fromEntries(
    Object.entries((model.machine.implementations.actors ?? {}) as Record<string, unknown>)
      .filter(([src]) => !(src in idle))
      .map(([src]) => [src, fromCallback(() => {})]),
  );
  const machine = model.machine.provide({ actors: { ...background, ...idle } } as never);
  modelMachines.set(model, machine);
  return machine;
}

/** A greedy cover: the path that reaches most of what is not yet reached, until the rest adds nothing. */
function fewestCovering(model: MachineModel, candidates: ModelPath[]): ModelPath[] {
  const reach = candidates.map((path) => ({ path, reached: simulate(model, path).reached }));
  const covered = new Set<string>();
  const chosen: ModelPath[] = [];
  for (;;) {
    const gain = (reached: Set<string>) => [...reached].filter((item) => !covered.has(item)).length;
    const best = reach.reduce<(typeof reach)[number] | null>(
      (top, next) => (gain(next.reached) > (top ? gain(top.reached) : 0) ? next : top),
      null,
    );
    if (!best) return chosen;
    chosen.push(best.path);
    best.reached.forEach((item) => covered.add(item));
  }
}
