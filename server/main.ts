import { readConfig } from './config';
import { ensureAdmin, ensureDemoShoppers } from './admin';
import { createTestPayments } from './core/testPayments';
import { openDatabase } from './db/open';
import { firebaseAuth, firebaseIdentity } from './identity/firebase';
import { sharpImages } from './images/sharpImages';
import { paypalPayments } from './payments/paypal';
import { createShop, seedCatalogueOnce } from './shop';

const config = readConfig();

async function main() {
  const sql = await openDatabase({
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir }),
    log: (error) => console.error(error),
  });
  const auth = firebaseAuth(config.firebase);
  const shop = await createShop({
    sql,
    identity: firebaseIdentity(auth),
    payments: config.paypal ? paypalPayments(config.paypal) : createTestPayments(),
    images: sharpImages(config.uploadsDir),
    uploadsDir: config.uploadsDir,
    staticDir: config.staticDir,
    logger: { level: config.logLevel },
  });
  const { app } = shop;

  if (await seedCatalogueOnce(sql)) app.log.info('seeded the catalogue');
  await ensureAdmin(auth, sql, config.admin.email, config.admin.password);
  if (config.firebase.emulatorHost) await ensureDemoShoppers(auth, sql);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await sql.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: config.databaseUrl ? 'postgresql' : 'pglite', payments: config.paypal ? 'paypal' : 'test', auth: config.firebase.emulatorHost ? 'emulator' : 'firebase' },
    'shop ready',
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
