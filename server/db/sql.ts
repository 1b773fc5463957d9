/** The little the SQL store needs of a database: parameterised queries and transactions. */
export interface Sql {
  query<T extends object = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(text: string): Promise<void>;
  /** Runs the work in one transaction; inside it, use only the handle it is given. */
  transaction<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
  /**
   * Calls back with the payload of each NOTIFY on the channel until the
   * returned function is called. When a lost connection is listening again,
   * calls onResume: a NOTIFY may have been missed meanwhile.
   */
  listen(channel: string, onPayload: (payload: string) => void, onResume: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
