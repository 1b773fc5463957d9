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
