import { createActor, fromPromise, toPromise, waitFor, type AnyActorLogic, type AnyStateMachine } from 'xstate';
import type { MachineModel, ModelPath } from './harness/model';
import type { CallName } from './harness/network';
import type { MachineBinding } from './harness/replay';
import { openShop } from './harness/shop';

/**
 * An admin table's binding checked after its read failed and a later one
 * answered: on a fresh shop the table's first read fails (a 500), Retry
 * reads it again and is answered, and the binding's check runs on the
 * table then shown. `sabotage` changes the app's machine first, to show
 * what the check catches.
 */
export async function checkAfterRecoveredRead(
  binding: MachineBinding,
  model: MachineModel,
  read: CallName,
  sabotage: (logic: AnyStateMachine) => AnyStateMachine = (logic) => logic,
): Promise<void> {
  const shop = await openShop();
  const { input } = model.inputs[0]!;
  const path: ModelPath = {
    name: 'the first read fails, Retry reads again',
    input,
    initial: createActor(model.machine, { input }).getSnapshot(),
    steps: [],
  };
  const run = await binding.open(shop, path);
  shop.network.failNext('server-error', read);
  const actor = createActor(sabotage(run.logic), { input: run.input as never, clock: shop.clock }).start();
  try {
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    actor.send({ type: 'RETRY' });
    await run.check(await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' })), shop);
  } finally {
    actor.stop();
  }
}

/**
 * A table machine whose read (its `load`, given its input), once one has
 * failed, still reads but shows no rows (`emptied`: the read with its rows
 * left out, a list by default): what a check skipped after a failure lets through.
 */
export function emptyAfterFailure<T>(logic: AnyStateMachine, emptied: (read: T) => T = () => [] as T): AnyStateMachine {
  const load = logic.implementations.actors.load as AnyActorLogic;
  let failed = false;
  return logic.provide({
    actors: {
      load: fromPromise<T, unknown>(async ({ input }) => {
        try {
          const read = (await toPromise(createActor(load, { input }).start())) as T;
          return failed ? emptied(read) : read;
        } catch (error) {
          failed = true;
          throw error;
        }
      }),
    },
  });
}
