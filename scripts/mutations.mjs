// Do the machine tests catch real bugs? Each mutation of
// tests/machines/mutations.json is a realistic bug written into the app (or
// the backend's core) in a scratch git worktree at HEAD, one at a time; the
// tests it names are run on it and must fail. Prints one line per mutation
// and fails when one is missed or no longer applies (its code moved: update
// its `old`). Usage: npm run test:mutations [-- M08 M21 ...]
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const only = new Set(process.argv.slice(2));
const mutations = JSON.parse(readFileSync('tests/machines/mutations.json', 'utf8')).filter((m) => only.size === 0 || only.has(m.id));
const tree = join(mkdtempSync(join(tmpdir(), 'mutations-')), 'tree');
execFileSync('git', ['worktree', 'add', '--detach', tree, 'HEAD'], { stdio: 'ignore' });
symlinkSync(resolve('node_modules'), join(tree, 'node_modules'));

const results = [];
try {
  for (const mutation of mutations) {
    const path = join(tree, mutation.file);
    const source = readFileSync(path, 'utf8');
    const started = Date.now();
    let result = 'NO LONGER APPLIES';
    if (source.split(mutation.old).length === 2) {
      writeFileSync(path, source.replace(mutation.old, mutation.new));
      const run = spawnSync('npx', ['vitest', 'run', '--project', 'machines', '--bail', '1', ...mutation.tests], { cwd: tree, encoding: 'utf8', timeout: 400_000 });
      writeFileSync(path, source);
      result = run.status === 0 ? 'MISSED' : run.status === null ? 'CAUGHT (timeout)' : 'CAUGHT';
    }
    results.push(result);
    console.log(`${mutation.id.padEnd(5)} ${result.padEnd(17)} ${String(Math.round((Date.now() - started) / 1000)).padStart(3)} s  ${mutation.what} (${mutation.file})`);
  }
} finally {
  execFileSync('git', ['worktree', 'remove', '--force', tree], { stdio: 'ignore' });
  rmSync(resolve(tree, '..'), { recursive: true, force: true });
}
const caught = results.filter((r) => r.startsWith('CAUGHT')).length;
console.log(`\n${caught} of ${results.length} mutations caught`);
process.exitCode = caught === results.length ? 0 : 1;
