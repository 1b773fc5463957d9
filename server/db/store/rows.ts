import type { Sql } from '../sql';

/** A row as the driver answers it: columns by name, values still to be typed. */
export type Row = Record<string, unknown>;

export const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();
export const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
export const first = <T>(rows: T[]) => rows[0] ?? null;

/**
 * Reads through `sql` mapping each row: `one` answers the first or null,
 * `existing` the row the statement must find (a write's RETURNING, or a row known to be there), `many` all of them.
 */
export function rowReader(sql: Sql) {
  const one = async <T>(map: (r: Row) => T, text: string, params: readonly unknown[] = []) => {
    const row = first(await sql.query(text, params));
    return row ? map(row) : null;
  };
  return {
    one,
    existing: async <T>(map: (r: Row) => T, text: string, params: readonly unknown[] = []) => (await one(map, text, params))!,
    many: async <T>(map: (r: Row) => T, text: string, params: readonly unknown[] = []) => (await sql.query(text, params)).map(map),
  };
}

/** LIKE's pattern for names holding the part, ignoring case: the part's LIKE characters taken as text. */
export const likePattern = (part: string) => `%${part.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `SET a = $2, b = $3` for the fields present, after the id at $1. */
export function assignments(patch: object, columns: Record<string, string>) {
  const entries = Object.entries(patch).filter(([key, value]) => value !== undefined && key in columns);
  return {
    text: entries.map(([key], i) => `${columns[key]} = $${i + 2}`).join(', '),
    values: entries.map(([, value]) => value),
  };
}
