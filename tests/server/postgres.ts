import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const version = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a))[0] : undefined;
  if (!version) throw new Error("No PostgreSQL found: install Debian's postgresql (apt-get install postgresql); .ci/run does.");
  return join(root, version, 'bin');
}

/** A throwaway PostgreSQL cluster on loopback for the tests, its folder deleted at stop; run as the postgres user when we are root. */
export function startPostgres(port: number): { url: string; stop(): void } {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'pg-test-'));
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) => {
    const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args];
    execFileSync(command, argv, { stdio: 'pipe' });
  };
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c fsync=off -c max_connections=60`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      const [command, argv] = asRoot
        ? ['runuser', ['-u', 'postgres', '--', join(bin, 'pg_ctl'), '-D', data, '-m', 'fast', 'stop']]
        : [join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', 'stop']];
      spawnSync(command, argv, { stdio: 'ignore' });
      // Each cluster takes some 300 MB of /tmp.
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
