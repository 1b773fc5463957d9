import type { FastifyInstance } from 'fastify';
import { seedCatalogue } from '../seed/seed';
import { createApi } from './core/api';
import { contractDocument } from './core/document';
import type { IdentityVerifier, ImageStore, PaymentProvider, Store } from './core/ports';
import { DEFAULT_REFUND_RETRY_SECONDS, retryOwedRefunds } from './core/refunds';
import { watchCatalogueVersion } from './db/open';
import type { Sql } from './db/sql';
import { createSqlStore } from './db/store';
import { buildApp, type AppOptions } from './http/app';

export interface ShopParts extends Pick<AppOptions, 'trustProxy' | 'rateLimits' | 'connectOrigins' | 'frameOrigins' | 'paypalClientId' | 'renderPage' | 'publicOrigin'> {
  sql: Sql;
  identity: IdentityVerifier;
  payments: PaymentProvider;
  images: ImageStore;
  uploadsDir: string;
  staticDir?: string;
  logger?: boolean | object;
  /** How often the refunds still owed are asked of the provider again (REFUND_RETRY_SECONDS); also once at start. */
  refundRetrySeconds?: number;
}

export interface Shop {
  app: FastifyInstance;
  store: Store;
}

/** The provider, its refunds' failures logged: the refund stays owed and is retried. */
function loggingRefundFailures(payments: PaymentProvider, log: (message: string) => void): PaymentProvider {
  return {
    ...payments,
    async refund(id) {
      try {
        await payments.refund(id);
      } catch (error) {
        log(`The refund of payment ${id} failed (${error instanceof Error ? error.message : String(error)}): it stays owed and is asked again.`);
        throw error;
      }
    },
  };
}

/**
 * Asks the provider again for the refunds owed: once the app is ready, then
 * every `seconds`, a round at a time, until the app closes (which waits for
 * the attempt under way, not for the rest of the round).
 */
function retryRefundsWhileOpen(app: FastifyInstance, store: Store, payments: PaymentProvider, seconds: number): void {
  let round: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let closing = false;
  const run = () => {
    round ??= retryOwedRefunds({ store, payments }, () => new Date(), () => !closing)
      .then(
        (refunded) => void (refunded > 0 && app.log.info(`refunded ${refunded} payments whose refunds were owed`)),
        (error: unknown) => app.log.error(error),
      )
      .finally(() => (round = null));
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, seconds * 1000).unref();
  });
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(timer);
    await round;
  });
}

/** The real API: the shared core on the SQL store, behind Fastify. */
export async function createShop(parts: ShopParts): Promise<Shop> {
  const store = createSqlStore(parts.sql);
  const catalogue = await watchCatalogueVersion(parts.sql);
  const payments = loggingRefundFailures(parts.payments, (message) => app.log.error(message));
  const app = await buildApp({
    api: createApi({
      contract: contractDocument,
      store,
      identity: parts.identity,
      payments,
      images: parts.images,
      log: (error) => app.log.error(error),
    }),
    catalogueVersion: catalogue.current,
    enabledProductIds: () => store.enabledProductIds(),
    afterWrite: catalogue.refresh,
    uploadsDir: parts.uploadsDir,
    ...(parts.staticDir ? { staticDir: parts.staticDir } : {}),
    ...(parts.logger !== undefined ? { logger: parts.logger } : {}),
    ...(parts.trustProxy !== undefined ? { trustProxy: parts.trustProxy } : {}),
    ...(parts.rateLimits ? { rateLimits: parts.rateLimits } : {}),
    ...(parts.connectOrigins ? { connectOrigins: parts.connectOrigins } : {}),
    ...(parts.frameOrigins ? { frameOrigins: parts.frameOrigins } : {}),
    ...(parts.paypalClientId ? { paypalClientId: parts.paypalClientId } : {}),
    ...(parts.renderPage ? { renderPage: parts.renderPage } : {}),
    ...(parts.publicOrigin ? { publicOrigin: parts.publicOrigin } : {}),
  });
  app.addHook('onClose', () => catalogue.stop());
  retryRefundsWhileOpen(app, store, payments, parts.refundRetrySeconds ?? DEFAULT_REFUND_RETRY_SECONDS);
  return { app, store };
}

/** First start: seeds the catalogue (of productCount generated products) once, even when several processes start together on one database. */
export async function seedCatalogueOnce(sql: Sql, productCount?: number): Promise<boolean> {
  return sql.transaction(async (tx) => {
    await tx.query('LOCK TABLE products IN EXCLUSIVE MODE');
    const [{ count }] = (await tx.query<{ count: string }>('SELECT count(*) AS count FROM products')) as [{ count: string }];
    if (Number(count) > 0) return false;
    await seedCatalogue(createSqlStore(tx), productCount);
    return true;
  });
}
