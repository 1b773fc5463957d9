import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureShopBuild, localBuildEnv } from '~/scripts/shopBuild.mjs';
import { freePort } from '../server/freePort';

export interface NpmStartShop {
  port: number;
  origin: string;
  /** The shop's own Firebase Auth emulator, as its banner names it. */
  emulatorHost: string;
  /** Stops the shop (its server and emulator with it) and deletes its data folder. */
  stop(): Promise<void>;
}

const READY = /Ready in \d+\.\d s\./;
const EMULATOR = /Sign-in: {3}Firebase Auth emulator at (127\.0\.0\.1:\d+)/;

/**
 * A shop as `npm start` runs it, in processes of its own: this version's
 * build (made first when missing), PGlite in a fresh data folder, an Auth
 * emulator of its own, on a free port; its environment nothing of this
 * test run's. Ready once it says so.
 */
export async function startNpmShop(readyWithinMs: number): Promise<NpmStartShop> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'attack-shop-'));
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), PORT: String(port), DATA_DIR: dataDir };
  const { release } = await ensureShopBuild({ env: localBuildEnv(env) });
  const child = spawn(process.execPath, ['scripts/start.mjs'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  for (const stream of [child.stdout!, child.stderr!])
    stream.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  // A test run that dies still stops the shop: start.mjs stops its server and emulator on SIGINT.
  const left = () => child.kill('SIGINT');
  process.on('exit', left);
  const stop = async () => {
    process.off('exit', left);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + readyWithinMs;
  while (!READY.test(output) && child.exitCode === null && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
  release();
  const emulatorHost = EMULATOR.exec(output)?.[1];
  if (!READY.test(output) || !emulatorHost) {
    await stop();
    throw new Error(`The shop did not start within ${readyWithinMs} ms:\n${output}`);
  }
  return { port, origin: `http://127.0.0.1:${port}`, emulatorHost, stop };
}

/** A signed-in account of the emulator: its ID token, as the storefront signs in, and its uid. */
export async function signInAt(emulatorHost: string, email: string, password: string): Promise<{ token: string; uid: string }> {
  const response = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=k`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const { idToken, localId } = (await response.json()) as { idToken?: string; localId?: string };
  if (!idToken || !localId) throw new Error(`The emulator did not sign ${email} in.`);
  return { token: idToken, uid: localId };
}
