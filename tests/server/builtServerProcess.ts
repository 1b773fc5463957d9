import { spawn, type ChildProcess } from 'node:child_process';
import { BUILT_SERVER } from './globalSetup';
import { authEmulator } from './authEmulator';

/**
 * The built server as a process of its own, on the port, signing in through
 * the tests' Auth emulator, with the rest of its environment as given. What it
 * writes (stdout and stderr) is kept, its last `keep` characters.
 */
export function spawnBuiltServer(port: number, env: Record<string, string>, keep = 4000): { child: ChildProcess; output(): string } {
  const child = spawn(process.execPath, [BUILT_SERVER], {
    env: {
      ...process.env,
      PORT: String(port),
      FIREBASE_AUTH_EMULATOR_HOST: authEmulator().host,
      FIREBASE_PROJECT_ID: authEmulator().projectId,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout!, child.stderr!])
    stream.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-keep)));
  return { child, output: () => output };
}
