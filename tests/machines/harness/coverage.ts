import type { AnyStateMachine, InspectionEvent } from 'xstate';
import { getStateNodes } from 'xstate/graph';

interface TransitionLike {
  source: { id: string; transitions: Map<string, TransitionLike[]>; always?: TransitionLike[] };
  target?: readonly { id: string }[];
  eventType: string;
}

/** A transition as counted: its state, its event ('always' for an eventless one) and its place among that event's guarded candidates. */
function transitionKey(transition: TransitionLike): string {
  const { source, eventType } = transition;
  const candidates = eventType === '' ? (source.always ?? []) : (source.transitions.get(eventType) ?? []);
  return `${source.id} ${eventType || 'always'} #${candidates.indexOf(transition)}`;
}

/** Every state and transition of a machine's definition: what 100 % means. */
export function inventory(machine: AnyStateMachine): { states: string[]; transitions: string[] } {
  const nodes = getStateNodes(machine.root) as unknown as (TransitionLike['source'] & { always?: TransitionLike[] })[];
  const transitions = [machine.root, ...nodes].flatMap((node) => {
    const own = node as unknown as TransitionLike['source'];
    return [...[...own.transitions.values()].flat(), ...(own.always ?? [])].map(transitionKey);
  });
  return { states: nodes.map((node) => node.id), transitions: [...new Set(transitions)] };
}

export interface CoverageCount {
  machine: string;
  states: { reached: number; total: number; missing: string[] };
  transitions: { taken: number; total: number; missing: string[] };
}

/** What runs of a machine reached: fed by the actor's inspection events (its own microsteps only). */
export class CoverageRecorder {
  readonly states = new Set<string>();
  readonly transitions = new Set<string>();

  constructor(readonly machine: AnyStateMachine) {}

  /** The `inspect` option for createActor; `root` is told which actor is the machine once created. */
  inspector(isRoot: (event: InspectionEvent) => boolean) {
    return (event: InspectionEvent) => {
      if (!isRoot(event)) return;
      if (event.type === '@xstate.microstep') {
        // A state left at once (an eventless one) shows in no snapshot: its transitions' sources and targets count it.
        for (const transition of event._transitions as unknown as TransitionLike[]) {
          this.transitions.add(transitionKey(transition));
          this.states.add(transition.source.id);
          transition.target?.forEach((node) => this.states.add(node.id));
        }
      }
      if (event.type === '@xstate.snapshot' || event.type === '@xstate.microstep') {
        for (const node of (event.snapshot as unknown as { _nodes: { id: string }[] })._nodes) this.states.add(node.id);
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
    type Node = TransitionLike['source'] & { always?: (TransitionLike & { target?: Node[] })[] };
    let node = (this.machine.root as unknown as { initial: { target: Node[] } }).initial.target[0];
    while (node && !active.has(node.id)) {
      this.states.add(node.id);
      const taken = node.always?.find((transition) => transition.target?.some((target) => leadsThere(target.id)));
      if (!taken) return;
      this.transitions.add(transitionKey(taken));
      node = taken.target![0] as Node | undefined;
    }
  }

  count(name: string): CoverageCount {
    const all = inventory(this.machine);
    const missingStates = all.states.filter((id) => !this.states.has(id));
    const missingTransitions = all.transitions.filter((key) => !this.transitions.has(key));
    return {
      machine: name,
      states: { reached: all.states.length - missingStates.length, total: all.states.length, missing: missingStates },
      transitions: { taken: all.transitions.length - missingTransitions.length, total: all.transitions.length, missing: missingTransitions },
    };
  }
}

const percent = (part: number, total: number) => `${total === 0 ? 100 : Math.floor((part / total) * 100)} %`;

/** One line of the coverage table. */
export const coverageLine = ({ machine, states, transitions }: CoverageCount) =>
  `${machine.padEnd(18)} states ${`${states.reached} / ${states.total}`.padStart(9)} (${percent(states.reached, states.total)})   transitions ${`${transitions.taken} / ${transitions.total}`.padStart(9)} (${percent(transitions.taken, transitions.total)})`;
