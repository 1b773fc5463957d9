import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { SECOND_SHOPS, SERVER_AUTH_EMULATOR_PORT, SERVER_PORT } from '~/playwright.config';

/** A second shop seeds a database of its own; the paged one, 2,400 products. */
const SECOND_SHOP_START_MS = 180_000;
const STOP_MS = 15_000;
const POLL_MS = 250;

type SecondShop = (typeof SECOND_SHOPS)[number];
type Shop = Pick<SecondShop, 'name' | 'port'>;
const healthOf = ({ port }: Shop) => `http://127.0.0.1:${port}/api/health`;

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Resolves once the shop answers its health check; rejects, naming the shop, when its process (if given) ends first or the wait runs out. */
function ready(shop: Shop, child?: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + SECOND_SHOP_START_MS;
    const exited = (code: number | null) =>
      reject(new Error(`The ${shop.name} shop exited (code ${code}) before it answered ${healthOf(shop)}.`));
    child?.once('exit', exited);
    const poll = async () => {
      if (await answers(healthOf(shop))) {
        child?.off('exit', exited);
        resolve();
      } else if (Date.now() > deadline)
        reject(new Error(`The ${shop.name} shop did not answer ${healthOf(shop)} within ${SECOND_SHOP_START_MS / 1000} s.`));
      else setTimeout(poll, POLL_MS);
    };
    void poll();
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), STOP_MS);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGINT');
  });
}

/**
 * Starts the second shops side by side, once Playwright's server has this
 * version's build and starts its Auth emulator, both of which they use, and
 * waits until they and the server answer.
 * In CI a port already taken is refused, as Playwright refuses one of its
 * webServers'; elsewhere a shop already answering there is used. Answers the
 * teardown, which stops them as Playwright stops its webServers.
 */
export default async function startSecondShops() {
  const children: ChildProcess[] = [];
  const teardown = async () => {
    await Promise.all(children.map(stop));
  };
  try {
    const toStart: SecondShop[] = [];
    for (const shop of SECOND_SHOPS) {
      if (!(await listening(shop.port))) toStart.push(shop);
      else if (process.env.CI || !(await answers(healthOf(shop))))
        throw new Error(
          `Port ${shop.port}, the ${shop.name} shop's, is taken: stop what listens there, perhaps a shop left from an earlier run.`,
        );
    }
    await Promise.all([
      // Playwright started it, and stops it; its output is on this run's.
      ready({ name: 'server', port: SERVER_PORT }),
      ...toStart.map((shop) => {
        const child = spawn(process.execPath, ['tests/e2e/secondShop.mjs'], {
          env: { ...process.env, ...shop.env, PORT: String(shop.port), AUTH_EMULATOR_PORT: String(SERVER_AUTH_EMULATOR_PORT) },
          stdio: ['ignore', 'ignore', 'inherit'],
        });
        children.push(child);
        return ready(shop, child);
      }),
    ]);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
