import { onStorefront } from '~/src/domain/productLists';
import { noteCatalogueChange } from '~/server/core/catalogueChanges';
import type { ProductRow } from '~/server/core/ports';
import type { Sql } from '../sql';
import { ON_STOREFRONT, PRODUCT_COLUMNS, productsInTurns, toProduct } from './productRows';
import type { Row } from './rows';

/** The oldest transaction a snapshot taken now does not see finished: every product written before is in what it reads. */
const SNAPSHOT_XMIN = 'SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin';
/** The products written by that transaction or a later one (read through products_changed_by), on the storefront now or not, as one JSON text. */
const CHANGED_SINCE = `SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin, coalesce(json_agg(row_to_json(p)), '[]')::text AS rows
  FROM (SELECT ${PRODUCT_COLUMNS} FROM products p WHERE changed_by >= $1::xid8) p`;

interface Read {
  /** The first transaction whose writes the read may not hold. */
  xmin: string;
  entries: readonly ProductRow[];
}

/**
 * The storefront catalogue, whole rows, read again only when the catalogue
 * version has moved (one small query asks, unless the version the process
 * knows, `knownVersion`, is the one held); callers meanwhile share one
 * read. Once one is held, only the products written since it was read are
 * read (unless products were removed since) and the new catalogue is made
 * from it, the change noted for the index made from the one before.
 */
export function storefrontCatalogueOf(sql: Sql, knownVersion?: () => string): () => Promise<readonly ProductRow[]> {
  let kept: { version: string; read: Promise<Read> } | null = null;
  // The xmin is read before the cursor's snapshot is taken, so it is no later than that snapshot's: a product written between the two is read again next time, never missed.
  const readAll = (): Promise<Read> =>
    sql.transaction(async (tx) => {
      const [row] = await tx.query<{ xmin: string }>(SNAPSHOT_XMIN);
      return { xmin: row!.xmin, entries: await productsInTurns(tx, ON_STOREFRONT, []) };
    });
  const readChanges = async (held: Promise<Read>): Promise<Read> => {
    const { xmin: since, entries: from } = await held;
    const [row] = await sql.query<{ xmin: string; rows: string }>(CHANGED_SINCE, [since]);
    const written = (JSON.parse(row!.rows) as Row[]).map(toProduct);
    const changed = written.filter(onStorefront);
    const removed = written.filter((product) => !onStorefront(product)).map(({ id }) => id);
    const ids = new Set(written.map(({ id }) => id));
    const entries = [...from.filter((entry) => !ids.has(entry.id)), ...changed];
    noteCatalogueChange(entries, { from, changed, removed });
    return { xmin: row!.xmin, entries };
  };
  return async () => {
    if (kept && knownVersion?.() === kept.version) return (await kept.read).entries;
    const [{ version, removedIn }] = (await sql.query<{ version: string; removedIn: string }>(
      'SELECT version::text AS version, removed_in::text AS "removedIn" FROM catalogue_version',
    )) as [{ version: string; removedIn: string }];
    if (kept?.version !== version) {
      const held = kept && BigInt(removedIn) <= BigInt(kept.version) ? kept.read : null;
      const entry = { version, read: held ? readChanges(held) : readAll() };
      kept = entry;
      // A failed read is not kept: the next caller reads again.
      entry.read.catch(() => {
        if (kept === entry) kept = null;
      });
    }
    return (await kept.read).entries;
  };
}
