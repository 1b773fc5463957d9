import { cartBinding } from './cart.binding';
import { cartModel } from './cart.model';
import { machinePaths } from './harness/machinePaths';

machinePaths(cartModel, cartBinding());
