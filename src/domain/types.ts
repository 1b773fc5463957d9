import type { components } from '../api/schema';

export type Product = components['schemas']['Product'];
export type User = components['schemas']['User'];
export type UserType = components['schemas']['UserType'];
export type Order = components['schemas']['Order'];
export type OrderStatus = components['schemas']['OrderStatus'];
export type OrderHistoryEntry = components['schemas']['OrderHistoryEntry'];
export type Cart = components['schemas']['Cart'];
export type Comment = components['schemas']['Comment'];
export type CataloguePage = components['schemas']['CataloguePage'];
export type OrderPage = components['schemas']['OrderPage'];

/** The record kept in browser storage under `userLogged` (spec section 3). */
export type LoggedUser = Pick<User, 'id' | 'type' | 'username' | 'email' | 'img'>;
