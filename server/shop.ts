import type { FastifyInstance, FastifyRequest } from 'fastify';
import { seedCatalogue, seedReviews } from '~/seed/seed';
import { createApi } from './core/api';
import { contractDocument } from './core/document';
import type { IdentityVerifier, ImageStore, PaymentProvider, Store } from './core/ports';
import { DEFAULT_REFUND_RETRY_SECONDS, retryOwedRefunds } from './core/refunds';
import { watchCatalogueVersion } from './db/open';
import type { Sql } from './db/sql';
import { createSqlStore } from './db/store';
import { buildApp, type AppOptions } from './http/app';

/** How long a stop waits for the handlers of requests whose callers have gone. */
const REQUESTS_BOUND_MS = 10_000;

export interface ShopParts extends Pick<
  AppOptions,
  'trustProxy' | 'rateLimits' | 'connectOrigins' | 'frameOrigins' | 'paypalClientId' | 'authEmulatorUrl' | 'renderPage' | 'publicOrigin'
> {
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
        log(
          `The refund of payment ${id} failed (${error instanceof Error ? error.message : String(error)}): it stays owed and is asked again.`,
        );
        throw error;
      }
    },
  };
}

/**
 * Asks the provider again for the refunds owed: once the app is ready, then
 * every `seconds`, a round at a time, until stopped (which waits for the
 * attempt under way, not for the rest of the round).
 */
function retryRefundsWhileOpen(app: FastifyInstance, store: Store, payments: PaymentProvider, seconds: number): () => Promise<void> {
  let round: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let closing = false;
  const run = () => {
    round ??= retryOwedRefunds(
      { store, payments },
      () => new Date(),
      () => !closing,
    )
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
  return async () => {
    closing = true;
    clearInterval(timer);
    await round;
  };
}

/**
 * The requests whose answer is not made yet. A request whose caller has gone
 * still runs its handler, and its queries, after the server has closed; once
 * closing, every answer also closes its connection, so a kept-alive one does
 * not hold the server open.
 */
function trackRequests(app: FastifyInstance): (boundMs: number) => Promise<void> {
  const open = new Set<FastifyRequest>();
  let idle: (() => void) | undefined;
  let closing = false;
  const done = (request: FastifyRequest) => {
    if (open.delete(request) && open.size === 0) idle?.();
  };
  app.addHook('onRequest', async (request) => void open.add(request));
  app.addHook('onSend', async (request, reply) => {
    if (closing) reply.header('connection', 'close');
    done(request);
  });
  app.addHook('onResponse', async (request) => done(request));
  app.addHook('preClose', async () => void (closing = true));
  return async (boundMs) => {
    if (open.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => (idle = resolve)),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, boundMs))),
    ]);
    clearTimeout(timer);
    if (open.size > 0) app.log.warn(`stopped with ${open.size} requests still unanswered after ${boundMs} ms`);
  };
}

/** The real API: the shared core on the SQL store, behind Fastify. */
export async function createShop(parts: ShopParts): Promise<Shop> {
  const catalogue = await watchCatalogueVersion(parts.sql);
  const store = createSqlStore(parts.sql, catalogue.current);
  // Read before the first visitor asks: at 100,000 products the whole read takes some 3 s on PGlite, its one connection held meanwhile.
  await store.storefrontCatalogue();
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
    storefrontCatalogue: () => store.storefrontCatalogue(),
    afterWrite: catalogue.refresh,
    uploadsDir: parts.uploadsDir,
    ...(parts.staticDir ? { staticDir: parts.staticDir } : {}),
    ...(parts.logger !== undefined ? { logger: parts.logger } : {}),
    ...(parts.trustProxy !== undefined ? { trustProxy: parts.trustProxy } : {}),
    ...(parts.rateLimits ? { rateLimits: parts.rateLimits } : {}),
    ...(parts.connectOrigins ? { connectOrigins: parts.connectOrigins } : {}),
    ...(parts.frameOrigins ? { frameOrigins: parts.frameOrigins } : {}),
    ...(parts.paypalClientId ? { paypalClientId: parts.paypalClientId } : {}),
    ...(parts.authEmulatorUrl ? { authEmulatorUrl: parts.authEmulatorUrl } : {}),
    ...(parts.renderPage ? { renderPage: parts.renderPage } : {}),
    ...(parts.publicOrigin ? { publicOrigin: parts.publicOrigin } : {}),
  });
  const answered = trackRequests(app);
  const stopRefunds = retryRefundsWhileOpen(app, store, payments, parts.refundRetrySeconds ?? DEFAULT_REFUND_RETRY_SECONDS);
  // Runs once the server takes no more connections and those it had are closed: the database stays open for what still runs.
  app.addHook('onClose', async () => {
    await answered(REQUESTS_BOUND_MS);
    await stopRefunds();
    await catalogue.stop();
  });
  return { app, store };
}

/** First start: seeds the catalogue (of productCount generated products) and its reviews once, even when several processes start together on one database. */
export async function seedCatalogueOnce(sql: Sql, productCount?: number): Promise<boolean> {
  return sql.transaction(async (tx) => {
    await tx.query('LOCK TABLE products IN EXCLUSIVE MODE');
    const [{ count }] = (await tx.query<{ count: string }>('SELECT count(*) AS count FROM products')) as [{ count: string }];
    if (Number(count) > 0) return false;
    const store = createSqlStore(tx);
    await seedReviews(store, await seedCatalogue(store, productCount));
    return true;
  });
}
