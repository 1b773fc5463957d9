import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from './config';
import { EmulatorUnreachable, startFailure } from './startFailure';

const place = (dataDir: string) => ({ host: '127.0.0.1', port: 3001, dataDir, databaseUrl: undefined });
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('a start that cannot go on says what to do in one paragraph, never a stack', () => {
  it("keeps the configuration check's own message", () => {
    const error = new ConfigError(['PORT must be a port number (0-65535), not "x".']);
    expect(startFailure(error, null)).toBe(error.message);
  });

  it.each([
    [
      'a port in use',
      withCode('listen EADDRINUSE: address already in use 127.0.0.1:3001', 'EADDRINUSE'),
      'The shop cannot listen on 127.0.0.1:3001: another program, perhaps another shop, listens there. Stop it, or start this shop with another PORT (and, to run a second shop beside the first, another DATA_DIR).',
    ],
    [
      'an emulator that does not answer',
      new EmulatorUnreachable('127.0.0.1:9102'),
      'The shop will not start: the Firebase Auth emulator at 127.0.0.1:9102 (FIREBASE_AUTH_EMULATOR_HOST) did not answer, so nobody could sign in.',
    ],
  ])('%s', async (_, error, paragraph) => {
    const said = startFailure(error, place(await mkdtemp(join(tmpdir(), 'failure-'))));
    expect(said).toContain(paragraph);
    expect(said).not.toContain('\n');
  });

  it('names an unforeseen failure, what to try, and the file that holds its details', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'failure-'));
    const error = withCode('duplicate key value violates unique constraint "users_email"', '23505');
    const said = startFailure(error, place(dataDir));
    expect(said).toBe(
      `The shop could not start: duplicate key value violates unique constraint "users_email". The details are in ${dataDir}/start-error.log. If the data folder ${dataDir} was used by another copy or an older version of the shop, start with another DATA_DIR to check whether it is the folder; otherwise the details say where the start failed.`,
    );
    expect(readFileSync(join(dataDir, 'start-error.log'), 'utf8')).toContain(error.stack);
  });
});
