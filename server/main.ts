import { ensureDemoAdmin, ensureDemoShoppers, promoteAdmin } from './admin';
import { startBanner } from './banner';
import { readConfig } from './config';
import { createTestPayments } from './core/testPayments';
import { openDatabase } from './db/open';
import { firebaseAuth, firebaseIdentity } from './identity/firebase';
import { sharpImages } from './images/sharpImages';
import { paypalPayments } from './payments/paypal';
import { createShop, seedCatalogueOnce } from './shop';
import { EmulatorUnreachable, startFailure, type StartPlace } from './startFailure';
import { renderPage } from '~/src/app/renderPage';

/** How long a stop lets the requests under way finish before it cuts their connections. */
const CONNECTIONS_BOUND_MS = 10_000;
const IDLE_SWEEP_MS = 100;
/** How long the start waits for the Auth emulator, which `npm start` starts beside the server. */
const EMULATOR_WAIT_MS = 90_000;

/** `npm start`'s word, over the channel it starts the server with, that its Auth emulator is ready; listened for from the start, so none is missed. */
const toldSignInReady = process.send
  ? new Promise<void>((resolve) => {
      const hear = (message: { signIn?: string }) => {
        if (message.signIn !== 'ready') return;
        process.off('message', hear);
        resolve();
      };
      process.on('message', hear);
    })
  : null;

/**
 * Resolves once the Auth emulator is ready: `npm start`, which starts it beside
 * the server, says so (an answer on the port could come from another shop's
 * emulator); run alone, once the emulator answers.
 */
async function emulatorReady(host: string): Promise<void> {
  if (toldSignInReady) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new EmulatorUnreachable(host)), EMULATOR_WAIT_MS)));
    return Promise.race([toldSignInReady, late]).finally(() => clearTimeout(timer));
  }
  const deadline = Date.now() + EMULATOR_WAIT_MS;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://${host}/`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new EmulatorUnreachable(host);
}

let place: StartPlace | null = null;

async function main() {
  const config = readConfig();
  place = config;
  const { firebase, payments } = config;
  const sql = await openDatabase({
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir }),
    log: (error) => console.error(error),
  });
  // In emulator mode firebase-admin finds the emulator through FIREBASE_AUTH_EMULATOR_HOST, which readConfig checked.
  const auth = firebaseAuth({
    projectId: firebase.projectId,
    serviceAccountJson: firebase.mode === 'project' ? firebase.serviceAccountJson : undefined,
  });
  const shop = await createShop({
    sql,
    identity: firebaseIdentity(auth),
    payments: payments.provider === 'paypal' ? paypalPayments(payments) : createTestPayments(),
    images: sharpImages(config.uploadsDir),
    uploadsDir: config.uploadsDir,
    staticDir: config.staticDir,
    renderPage,
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    refundRetrySeconds: config.refundRetrySeconds,
    ...(config.publicOrigin ? { publicOrigin: config.publicOrigin } : {}),
    ...(payments.provider === 'paypal' ? { paypalClientId: payments.clientId } : {}),
    // The storefront of the local set-up signs in through this server's emulator: its page is told where, and may call it.
    ...(firebase.mode === 'emulator'
      ? { authEmulatorUrl: `http://${firebase.emulatorHost}`, connectOrigins: [`http://${firebase.emulatorHost}`] }
      : { frameOrigins: [`https://${firebase.authDomain}`] }),
  });
  const { app } = shop;

  // Said before the seeding, which takes a while on a first start; another process starting on the database may seed it instead.
  if ((await sql.query('SELECT 1 FROM products LIMIT 1')).length === 0)
    console.log(`Seeding the catalogue with ${config.seedProducts} products...`);
  if (await seedCatalogueOnce(sql, config.seedProducts)) app.log.info(`seeded the catalogue with ${config.seedProducts} products`);
  if (firebase.mode === 'emulator') await emulatorReady(firebase.emulatorHost);
  const admin =
    config.admin.mode === 'create'
      ? await ensureDemoAdmin(auth, sql, config.admin)
      : await promoteAdmin(auth, sql, config.admin, (message) => app.log.warn(message));
  if (firebase.mode === 'emulator') await ensureDemoShoppers(auth, sql);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Connections that went idle after the close began (their last answer sent from the catalogue cache) would hold it open until their keep-alive ends.
    const idle = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    const cut = setTimeout(() => app.server.closeAllConnections(), CONNECTIONS_BOUND_MS);
    await app.close();
    clearInterval(idle);
    clearTimeout(cut);
    await sql.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  console.log(startBanner(config, typeof address === 'object' && address ? address.port : config.port, admin));
}

main().catch((error: unknown) => {
  console.error(startFailure(error, place));
  process.exit(1);
});
