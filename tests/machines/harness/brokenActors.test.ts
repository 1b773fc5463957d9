import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { ProductChange } from '~/machines/adminProducts.machine';
import type { CartChange } from '~/machines/cart.machine';
import type { CartLine } from '~/src/domain/cartLine';
import type { Product } from '~/src/domain/types';
import { adminProductsActors } from '~/src/features/adminProducts/adminProducts.actors';
import { cartActors } from '~/src/state/shop/shop.actors';
import { cartLogic } from '~/src/state/shop/shop.logic';
import { adminProductsBinding } from '../adminProducts.binding';
import { adminProductsModel } from '../adminProducts.model';
import { adminUsersBinding } from '../adminUsers.binding';
import { adminUsersModel } from '../adminUsers.model';
import { cartBinding } from '../cart.binding';
import { cartModel } from '../cart.model';
import { CoverageRecorder } from './coverage';
import { everyPath, type MachineModel } from './model';
import type { MachineBinding } from './replay';
import { replay } from './replay';
import { shopToasts } from './shop';

/** The app's own promise behind an actor of its (fromPromise keeps it as `config`). */
type PromiseLogic<I, O> = { config: (args: { input: I; signal: AbortSignal }) => Promise<O> };
const appCall = <I, O>(logic: unknown) => (logic as PromiseLogic<I, O>).config;

/**
 * The binding with nothing checked of its own (no invariant, every end
 * showable): what fails a replay with it is the harness's comparison of
 * the model's foreseen effect with the machine, nothing else.
 */
function unchecked(binding: MachineBinding): MachineBinding {
  return {
    ...binding,
    async open(shop, path) {
      return { ...(await binding.open(shop, path)), check: async () => {}, showable: () => true };
    },
  };
}

/** The first path of the model's graph whose name ends as given. */
function pathEnding(model: MachineModel, ending: string) {
  const path = everyPath(model).find((candidate) => candidate.name.endsWith(ending));
  if (!path) throw new Error(`${model.name}: no path ends with "${ending}"`);
  return path;
}

const FORESEEN = /the machine shows what the model foresees/;

/**
 * The harness catches an actor that answers without doing what was asked:
 * the machine then shows what the server holds (so a comparison of the two
 * passes), but not what the model foresees. Each broken actor is given to
 * the app's machine with `provide`; the same path passes with the app's own.
 */
describe('the replay fails a machine whose calls do not do what was asked', () => {
  const cases = [
    {
      title: "the cart's REMOVE never sent: the line stays on the server and the answer shows it",
      model: cartModel,
      path: 'REMOVE lipstick > merging answered > sending answered',
      binding: (broken: boolean) =>
        cartBinding((shop) => {
          const logic = cartLogic(shopToasts(shop));
          const send = appCall<{ userId: string; change: CartChange }, CartLine[]>(cartActors.send);
          const reload = appCall<{ userId: string }, CartLine[]>(cartActors.reload);
          const dropRemove = fromPromise<CartLine[], { userId: string; change: CartChange }>((args) =>
            args.input.change.op === 'remove' ? reload({ ...args, input: { userId: args.input.userId } }) : send(args),
          );
          return broken ? logic.provide({ actors: { send: dropRemove } }) : logic;
        }),
    },
    {
      title: "the Admin's DELETE does nothing: the user is listed again after the read",
      model: adminUsersModel,
      path: 'DELETE listed > CONFIRM > deleting answered > refreshing answered',
      binding: (broken: boolean) =>
        unchecked(adminUsersBinding((logic) => (broken ? logic.provide({ actors: { remove: fromPromise(async () => {}) } }) : logic))),
    },
    {
      title: "the Admin's bulk PATCH sends only the first id: the second product is never disabled",
      model: adminProductsModel,
      path: 'SELECT both > SET_DISABLED_SELECTED > changing answered',
      binding: (broken: boolean) => {
        const change = appCall<ProductChange, Product[]>(adminProductsActors.change);
        const firstOnly = fromPromise<Product[], ProductChange>((args) =>
          change({ ...args, input: { ...args.input, ids: args.input.ids.slice(0, 1) } }),
        );
        return unchecked(adminProductsBinding((logic) => (broken ? logic.provide({ actors: { change: firstOnly } }) : logic)));
      },
    },
    {
      title: "the Admin's discount always sent as 0: the products are changed, never discounted as asked",
      model: adminProductsModel,
      path: 'SELECT one > OPEN_DISCOUNT > APPLY_DISCOUNT 20 > changing answered',
      binding: (broken: boolean) => {
        const change = appCall<ProductChange, Product[]>(adminProductsActors.change);
        const noDiscount = fromPromise<Product[], ProductChange>((args) =>
          change({ ...args, input: 'discount' in args.input ? { ...args.input, discount: 0 } : args.input }),
        );
        return unchecked(adminProductsBinding((logic) => (broken ? logic.provide({ actors: { change: noDiscount } }) : logic)));
      },
    },
  ];

  for (const { title, model, path: ending, binding } of cases) {
    it(title, async () => {
      const path = pathEnding(model, ending);
      const run = (broken: boolean) => replay(binding(broken), model, path, 0, { recorder: new CoverageRecorder(model.machine) });
      await expect(run(false), 'the app as it is passes').resolves.toBeDefined();
      await expect(run(true), 'the broken actor fails the replay').rejects.toThrow(FORESEEN);
    });
  }
});
