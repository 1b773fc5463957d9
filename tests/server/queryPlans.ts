import type { Sql } from '~/server/db/sql';

/** A query as the store sent it. */
export interface Sent {
  text: string;
  params: readonly unknown[];
}

/** The database as given, keeping each query's text and parameters as the store sends them. */
export function recording(sql: Sql, sent: Sent[]): Sql {
  return {
    query: (text, params = []) => {
      sent.push({ text, params });
      return sql.query(text, params);
    },
    exec: (text) => sql.exec(text),
    transaction: (work) => sql.transaction(work),
    listen: (channel, onPayload, onResume) => sql.listen(channel, onPayload, onResume),
    close: () => sql.close(),
  };
}

/** The plan's node types and index names, from EXPLAIN's JSON. */
export function planOf(explained: unknown): string {
  const json = typeof explained === 'string' ? explained : JSON.stringify(explained);
  return [...json.matchAll(/"(Node Type|Index Name)": ?"([^"]+)"/g)].map((match) => match[2]).join(' > ');
}
