import { orderStatusMachine } from '~/machines/orderStatus.machine';

export type OrderStatusActors = Parameters<typeof orderStatusMachine.provide>[0]['actors'];

/** The orders as /order, /admin/orders and /profile run them: the order-status machine with the reader's calls (orderStatusActors, or a story's). */
export const orderStatusLogic = (actors: OrderStatusActors) => orderStatusMachine.provide({ actors });
