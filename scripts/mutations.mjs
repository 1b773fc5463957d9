// Do the machine tests (and, for a pure rule, its unit tests) catch real bugs? Each mutation of
// tests/machines/mutations.json is a realistic bug written into the app (or
// the backend's core) in a scratch git worktree at HEAD, one at a time; the
// tests it names (of the machines and unit projects) are run on it and must fail. The tests named are first run
// once on the unchanged tree and must pass. A mutation is CAUGHT only when a
// test fails on it; a run that times out or fails with no test failing (a
// crash, an import error) is reported as such. Prints one line per mutation
// and fails unless every one is caught (one whose code moved no longer
// applies: update its `old`). Usage: npm run test:mutations [-- M08 M21 ...]
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const only = new Set(process.argv.slice(2));
const mutations = JSON.parse(readFileSync('tests/machines/mutations.json', 'utf8')).filter((m) => only.size === 0 || only.has(m.id));
const tree = join(mkdtempSync(join(tmpdir(), 'mutations-')), 'tree');

/** The test run under way: its process group (npx, vitest and vitest's workers). */
let running = null;
const killGroup = (child) => {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // The group has ended already.
  }
};

/** Ends the test run under way and removes the scratch worktree, whichever way this script stops (done, failed, interrupted). */
function cleanUp() {
  if (running) killGroup(running);
  running = null;
  if (existsSync(tree)) execFileSync('git', ['worktree', 'remove', '--force', tree], { stdio: 'ignore' });
  rmSync(resolve(tree, '..'), { recursive: true, force: true });
}
process.on('exit', cleanUp);
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
])
  process.on(signal, () => process.exit(code));

execFileSync('git', ['worktree', 'add', '--detach', tree, 'HEAD'], { stdio: 'ignore' });
symlinkSync(resolve('node_modules'), join(tree, 'node_modules'));

const report = join(tree, '..', 'report.json');
/** Where the named tests are: the machine paths and scenarios, and the unit tests of a pure rule. */
const PROJECTS = ['machines', 'unit', 'unit-isolated'].flatMap((name) => ['--project', name]);
/**
 * Runs the named tests in the scratch tree: 'passed', 'failed' (a test failed), 'timeout', or 'crashed' (no test failed, yet the run did not pass).
 * The run is its own process group, so a timeout or an interrupt ends vitest's workers with it.
 */
function runTests(tests, timeout) {
  rmSync(report, { force: true });
  const child = spawn('npx', ['vitest', 'run', ...PROJECTS, '--bail', '1', '--reporter=json', `--outputFile=${report}`, ...tests], {
    cwd: tree,
    stdio: 'ignore',
    detached: true,
  });
  running = child;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup(child);
  }, timeout);
  return new Promise((done) => {
    child.on('exit', (status) => {
      clearTimeout(timer);
      killGroup(child);
      running = null;
      if (timedOut) return done('timeout');
      if (status === 0) return done('passed');
      const failedTests = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')).numFailedTests : 0;
      done(failedTests > 0 ? 'failed' : 'crashed');
    });
  });
}

const results = [];
const named = [...new Set(mutations.flatMap((m) => m.tests))];
const started = Date.now();
const unchanged = await runTests(named, 900_000);
if (unchanged !== 'passed')
  throw new Error(`The tests the mutations name do not pass on the unchanged tree (${unchanged}): ${named.join(' ')}`);
console.log(`unchanged tree: the ${named.length} test files named pass (${Math.round((Date.now() - started) / 1000)} s)`);
for (const mutation of mutations) {
  const path = join(tree, mutation.file);
  const source = readFileSync(path, 'utf8');
  const started = Date.now();
  let result = 'NO LONGER APPLIES';
  if (source.split(mutation.old).length === 2) {
    writeFileSync(path, source.replace(mutation.old, mutation.new));
    const outcome = await runTests(mutation.tests, 400_000);
    writeFileSync(path, source);
    result = { passed: 'MISSED', failed: 'CAUGHT', timeout: 'TIMED OUT', crashed: 'CRASHED' }[outcome];
  }
  results.push(result);
  console.log(
    `${mutation.id.padEnd(5)} ${result.padEnd(17)} ${String(Math.round((Date.now() - started) / 1000)).padStart(3)} s  ${mutation.what} (${mutation.file})`,
  );
}
const caught = results.filter((r) => r === 'CAUGHT').length;
console.log(`\n${caught} of ${results.length} mutations caught`);
process.exitCode = caught === results.length ? 0 : 1;
