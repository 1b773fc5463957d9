import { orderStatusMachine } from '../../../machines/orderStatus.machine';

export type OrdersActors = Parameters<typeof orderStatusMachine.provide>[0]['actors'];

/** The orders as /order, /admin/orders and /profile run them: the order-status machine with the reader's calls (ordersActors, or a story's). */
export const ordersLogic = (actors: OrdersActors) => orderStatusMachine.provide({ actors });
