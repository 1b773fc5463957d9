// Lock files holding the pid of the process that holds them: the data folder
// a shop runs on, the emulator ports it reserved, the builds' folder while a
// start marks or prunes builds. A lock file is made whole in one step, so two
// processes taking one lock at once never both get it; a lock whose holder no
// longer runs (a shop killed hard) is taken over.
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';

/** Whether the process runs (one of another user's included). */
export const isRunning = (pid) => {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

/**
 * Whether the process runs node on the script (a path ending so): after a
 * hard kill, the pid in a lock file may since have gone to another program.
 * Where the system does not show command lines (no /proc), whether it runs.
 */
export function runsScript(pid, script) {
  if (!isRunning(pid)) return false;
  let commandLine;
  try {
    commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch (error) {
    // Gone since, or no /proc here; a command line we may not read is another user's process, counted as holding.
    return error.code === 'ENOENT' ? !procShowsProcesses() : true;
  }
  const [program = '', ...args] = commandLine;
  return /(^|\/)node[\d.]*$/.test(program) && args.some((arg) => arg === script || arg.endsWith(`/${script}`));
}

const procShowsProcesses = () => {
  try {
    readFileSync('/proc/self/cmdline');
    return true;
  } catch {
    return false;
  }
};

const holderOf = (path) => {
  try {
    return Number(readFileSync(path, 'utf8'));
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  }
};

/**
 * Takes the lock file for this process until it exits, unless a process that
 * `isHolding` holds it. Returns `{ release }`, or `{ holder }` with the pid of
 * the one holding it.
 * @param {string} path
 * @param {(pid: number) => boolean} isHolding
 * @returns {{ release(): void, holder?: undefined } | { holder: number, release?: undefined }}
 */
export function takeLock(path, isHolding) {
  const own = String(process.pid);
  for (;;) {
    const candidate = `${path}.${own}-${randomBytes(4).toString('hex')}`;
    writeFileSync(candidate, own);
    try {
      linkSync(candidate, path);
      const release = () => {
        process.off('exit', release);
        if (holderOf(path) === process.pid) unlinkSync(path);
      };
      process.on('exit', release);
      return { release };
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(candidate);
    }
    const holder = holderOf(path);
    if (holder === null) continue;
    if (holder !== process.pid && isHolding(holder)) return { holder };
    // A dead holder's lock: moved aside in one step, so of two starts taking it over only one removes it.
    const aside = `${path}.gone-${own}-${randomBytes(4).toString('hex')}`;
    try {
      renameSync(path, aside);
      unlinkSync(aside);
    } catch (error) {
      if (error.code !== 'ENOENT') throw error;
    }
  }
}
