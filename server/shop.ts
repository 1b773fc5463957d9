import type { FastifyInstance } from 'fastify';
import { seedCatalogue } from '../seed/seed';
import { createApi } from './core/api';
import { contractDocument } from './core/document';
import type { IdentityVerifier, ImageStore, PaymentProvider, Store } from './core/ports';
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
}

export interface Shop {
  app: FastifyInstance;
  store: Store;
}

/** The real API: the shared core on the SQL store, behind Fastify. */
export async function createShop(parts: ShopParts): Promise<Shop> {
  const store = createSqlStore(parts.sql);
  const catalogue = await watchCatalogueVersion(parts.sql);
  const app = await buildApp({
    api: createApi({
      contract: contractDocument,
      store,
      identity: parts.identity,
      payments: parts.payments,
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
