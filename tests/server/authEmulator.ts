import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const PROJECT_ID = 'demo-shop';

async function waitFor(url: string, timeoutMs: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The auth emulator exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`The auth emulator did not answer at ${url} within ${timeoutMs} ms`);
}

/** Starts the Firebase Auth emulator (project demo-shop, loopback, no network) on the port; answers its host. */
export async function startAuthEmulator(port: number): Promise<{ host: string; stop(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'auth-emulator-'));
  await writeFile(
    join(dir, 'firebase.json'),
    JSON.stringify({ emulators: { auth: { host: '127.0.0.1', port }, ui: { enabled: false }, singleProjectMode: true } }),
  );
  const child = spawn(
    join(process.cwd(), 'node_modules/.bin/firebase'),
    ['emulators:start', '--only', 'auth', '--project', PROJECT_ID, '--config', join(dir, 'firebase.json')],
    { cwd: dir, env: { ...process.env, CI: '1', NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' }, stdio: 'ignore', detached: true },
  );
  const host = `127.0.0.1:${port}`;
  await waitFor(`http://${host}/`, 60_000, child);
  return {
    host,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid!, 'SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    },
  };
}
