import { type Database, type TableName } from '../db';

export type Entity<T extends TableName> = ReturnType<Database[T]['getAll']>[number];

/** @mswjs/data's query types are per model; these helpers build the one shape used here. */
type Query = { where: never };
export const byId = (id: number | string) => ({ where: { id: { equals: id } } }) as unknown as Query;
export const where = (filter: Record<string, unknown>) =>
  ({ where: Object.fromEntries(Object.entries(filter).map(([k, v]) => [k, { equals: v }])) }) as unknown as Query;
export const json = <T>(text: string) => JSON.parse(text) as T;
export const strict = { strict: true } as const;

export const nextId = (rows: { id: number }[]) => rows.reduce((max, row) => Math.max(max, row.id), 0) + 1;

const TABLES: TableName[] = [
  'product',
  'user',
  'cart',
  'order',
  'orderHistory',
  'comment',
  'favorite',
  'rating',
  'payment',
  'deletedUser',
  'idempotencyKey',
];

/** Every table's rows, copied, for a transaction to put back. */
export function snapshot(db: Database) {
  return TABLES.map((table) => [table, db[table].getAll().map((row) => ({ ...row }))] as const);
}

export function restore(db: Database, saved: ReturnType<typeof snapshot>) {
  for (const [table, rows] of saved) {
    const model = db[table] as unknown as { deleteMany(q: object): void; create(row: object): void };
    model.deleteMany({ where: { id: { notEquals: '\u0000never' } } });
    for (const row of rows) model.create(row);
  }
}
