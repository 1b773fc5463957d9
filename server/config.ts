import { resolve } from 'node:path';

/** Everything the server reads from the environment, with the local defaults of `npm start`. */
export function readConfig(env: NodeJS.ProcessEnv = process.env) {
  const dataDir = resolve(env.DATA_DIR ?? 'data');
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    uploadsDir: resolve(dataDir, 'uploads'),
    staticDir: resolve(env.STATIC_DIR ?? 'dist'),
    databaseUrl: env.DATABASE_URL || undefined,
    firebase: {
      projectId: env.FIREBASE_PROJECT_ID ?? 'demo-shop',
      serviceAccountJson: env.FIREBASE_SERVICE_ACCOUNT || undefined,
      emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST || undefined,
    },
    admin: { email: env.ADMIN_EMAIL ?? 'admin@makeup.test', password: env.ADMIN_PASSWORD ?? 'admin123' },
    paypal:
      env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET
        ? {
            clientId: env.PAYPAL_CLIENT_ID,
            clientSecret: env.PAYPAL_CLIENT_SECRET,
            environment: env.PAYPAL_ENV === 'live' ? ('live' as const) : ('sandbox' as const),
          }
        : null,
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}

export type Config = ReturnType<typeof readConfig>;
