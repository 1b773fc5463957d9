import type { AnyStateMachine, InspectionEvent } from 'xstate';
import { getStateNodes } from 'xstate/graph';

interface StateNodeLike {
  id: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  parent?: StateNodeLike;
  states: Record<string, StateNodeLike>;
  transitions: Map<string, TransitionLike[]>;
  always?: TransitionLike[];
}

interface TransitionLike {
  source: StateNodeLike;
  target?: readonly { id: string }[];
  eventType: string;
  guard?: unknown;
}

/** A transition as defined: its state, its event ('always' for an eventless one) and its place among that event's guarded candidates. */
function transitionKey(transition: TransitionLike): string {
  const { source, eventType } = transition;
  const candidates = eventType === '' ? (source.always ?? []) : (source.transitions.get(eventType) ?? []);
  return `${source.id} ${eventType || 'always'} #${candidates.indexOf(transition)}`;
}

const isLeaf = (node: StateNodeLike) => node.type === 'atomic' || node.type === 'final';
const within = (leaf: StateNodeLike, node: StateNodeLike) => {
  for (let at: StateNodeLike | undefined = leaf; at; at = at.parent) if (at === node) return true;
  return false;
};
/** A state left at once: an eventless transition that always goes (no guard). No event is ever taken from it. */
const passing = (node: StateNodeLike) => (node.always ?? []).some((transition) => transition.guard === undefined);

/**
 * A transition as counted: taken from these active leaf states (those
 * under its own state: one, or one per region of a parallel state) on its
 * event. A transition of the whole machine (ADD, SIGNED_OUT) counts once
 * for every state it can be taken from.
 */
const countedKey = (transition: TransitionLike, leaves: readonly StateNodeLike[]) =>
  `${leaves
    .filter((leaf) => within(leaf, transition.source))
    .map((leaf) => leaf.id)
    .sort()
    .join(' + ')}: ${transitionKey(transition)}`;

/** The sets of leaf states a node can be in: each leaf of a compound node, every combination of its regions' for a parallel one. */
function configurations(node: StateNodeLike, machine: StateNodeLike): StateNodeLike[][] {
  if (isLeaf(node)) return node.type === 'final' && node.parent === machine ? [] : [[node]];
  const children = Object.values(node.states).filter((child) => child.type !== 'history');
  if (node.type === 'compound') return children.flatMap((child) => configurations(child, machine));
  return children.reduce<StateNodeLike[][]>(
    (combos, child) => combos.flatMap((combo) => configurations(child, machine).map((leaves) => [...combo, ...leaves])),
    [[]],
  );
}

/**
 * Whether these leaves never take `transition`: one is left at once (for
 * an event), or a state between them and the transition's own answers its
 * event first (an unguarded transition of the same event).
 */
function ruledOut(transition: TransitionLike, leaves: readonly StateNodeLike[]): boolean {
  if (transition.eventType !== '' && leaves.some(passing)) return true;
  return leaves.some((leaf) => {
    for (let node: StateNodeLike | undefined = leaf; node && node !== transition.source; node = node.parent) {
      const own = transition.eventType === '' ? (node.always ?? []) : (node.transitions.get(transition.eventType) ?? []);
      if (own.some((candidate) => candidate.guard === undefined)) return true;
    }
    return false;
  });
}

/**
 * Every state, and every transition from every set of leaf states that can
 * take it (one not answered first by an unguarded one below it), of a
 * machine's definition: what 100 % means. `impossible` names the ones a
 * machine's own guard rules out, each with why (the model says).
 */
export function inventory(
  machine: AnyStateMachine,
  impossible: Readonly<Record<string, string>> = {},
): { states: string[]; transitions: string[] } {
  const root = machine.root as unknown as StateNodeLike;
  const nodes = [root, ...(getStateNodes(machine.root) as unknown as StateNodeLike[])];
  const transitions = nodes.flatMap((node) => {
    const own = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
    return configurations(node, root).flatMap((leaves) =>
      own.filter((transition) => !ruledOut(transition, leaves)).map((transition) => countedKey(transition, leaves)),
    );
  });
  return { states: nodes.slice(1).map((node) => node.id), transitions: [...new Set(transitions)].filter((key) => !(key in impossible)) };
}

export interface CoverageCount {
  machine: string;
  states: { reached: number; total: number; missing: string[] };
  transitions: { taken: number; total: number; missing: string[] };
}

const leavesOf = (snapshot: unknown) => (snapshot as { _nodes: StateNodeLike[] })._nodes.filter(isLeaf);

/** What runs of a machine reached: fed by the actor's inspection events (its own microsteps only). */
export class CoverageRecorder {
  readonly states = new Set<string>();
  readonly transitions = new Set<string>();
  /** The leaf states the machine is in, as of the last event seen: where the next microstep's transitions are taken from. */
  #leaves: StateNodeLike[] = [];

  constructor(
    readonly machine: AnyStateMachine,
    readonly impossible: Readonly<Record<string, string>> = {},
  ) {}

  /** The `inspect` option for createActor; `root` is told which actor is the machine once created. */
  inspector(isRoot: (event: InspectionEvent) => boolean) {
    return (event: InspectionEvent) => {
      if (!isRoot(event)) return;
      if (event.type === '@xstate.microstep') {
        // A state left at once (an eventless one) shows in no snapshot: its transitions' sources and targets count it.
        for (const transition of event._transitions as unknown as TransitionLike[]) {
          this.transitions.add(countedKey(transition, this.#leaves));
          this.states.add(transition.source.id);
          transition.target?.forEach((node) => this.states.add(node.id));
        }
      }
      if (event.type === '@xstate.snapshot' || event.type === '@xstate.microstep') {
        for (const node of (event.snapshot as unknown as { _nodes: { id: string }[] })._nodes) this.states.add(node.id);
        this.#leaves = leavesOf(event.snapshot);
      }
    };
  }

  /**
   * The initial state's eventless transitions run before inspection starts
   * (a `starting` state that decides where to go): the states passed on
   * the way to the first snapshot and the transitions that led there.
   */
  noteStart(snapshot: { _nodes: readonly { id: string }[] }): void {
    const active = new Set(snapshot._nodes.map((node) => node.id));
    const leadsThere = (id: string) => [...active].some((activeId) => activeId === id || activeId.startsWith(`${id}.`));
    type Node = StateNodeLike & { always?: (TransitionLike & { target?: Node[] })[] };
    let node = (this.machine.root as unknown as { initial: { target: Node[] } }).initial.target[0];
    while (node && !active.has(node.id)) {
      this.states.add(node.id);
      const taken = node.always?.find((transition) => transition.target?.some((target) => leadsThere(target.id)));
      if (!taken) break;
      this.transitions.add(countedKey(taken, [node]));
      node = taken.target![0] as Node | undefined;
    }
    this.#leaves = leavesOf(snapshot);
  }

  count(name: string): CoverageCount {
    const all = inventory(this.machine, this.impossible);
    const missingStates = all.states.filter((id) => !this.states.has(id));
    const missingTransitions = all.transitions.filter((key) => !this.transitions.has(key));
    return {
      machine: name,
      states: { reached: all.states.length - missingStates.length, total: all.states.length, missing: missingStates },
      transitions: {
        taken: all.transitions.length - missingTransitions.length,
        total: all.transitions.length,
        missing: missingTransitions,
      },
    };
  }
}

const percent = (part: number, total: number) => `${total === 0 ? 100 : Math.floor((part / total) * 100)} %`;

/** One line of the coverage table. */
export const coverageLine = ({ machine, states, transitions }: CoverageCount, faultRuns?: number) =>
  `${machine.padEnd(18)} states ${`${states.reached} / ${states.total}`.padStart(9)} (${percent(states.reached, states.total)})   transitions ${`${transitions.taken} / ${transitions.total}`.padStart(9)} (${percent(transitions.taken, transitions.total)})${faultRuns === undefined ? '' : `   fault runs ${String(faultRuns).padStart(4)}`}`;
