import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from './config';

/** The Auth emulator the server signs in through did not answer in time. */
export class EmulatorUnreachable extends Error {
  override name = 'EmulatorUnreachable';
  constructor(readonly host: string) {
    super(`The Firebase Auth emulator at ${host} did not answer.`);
  }
}

/** What the start knew when it failed: where it would listen and keep its data (unknown before the configuration was read). */
export interface StartPlace {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
}

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;
const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n', 1)[0]!.replace(/\.$/, '');

/**
 * What the server prints when it cannot start: one paragraph saying what to
 * do, never a stack. An unforeseen error's details go to a file in the data
 * folder, which the paragraph names.
 */
export function startFailure(error: unknown, place: StartPlace | null): string {
  if (error instanceof ConfigError) return error.message;
  if (place && codeOf(error) === 'EADDRINUSE') {
    return `The shop cannot listen on ${place.host}:${place.port}: another program, perhaps another shop, listens there. Stop it, or start this shop with another PORT (and, to run a second shop beside the first, another DATA_DIR).`;
  }
  if (error instanceof EmulatorUnreachable) {
    return `The shop will not start: the Firebase Auth emulator at ${error.host} (FIREBASE_AUTH_EMULATOR_HOST) did not answer, so nobody could sign in. \`npm start\` runs an emulator of its own; to run the built server yourself, start the emulator first or point FIREBASE_AUTH_EMULATOR_HOST at one that runs.`;
  }
  if (place?.databaseUrl && codeOf(error) === 'ECONNREFUSED') {
    return `The shop will not start: PostgreSQL at DATABASE_URL does not answer (${firstLine(error)}). Start it, or unset DATABASE_URL to use PGlite under DATA_DIR.`;
  }
  const details = place ? writeDetails(error, place.dataDir) : null;
  return [
    `The shop could not start: ${firstLine(error)}.`,
    details ? `The details are in ${details}.` : '',
    place && !place.databaseUrl
      ? `If the data folder ${place.dataDir} was used by another copy or an older version of the shop, start with another DATA_DIR to check whether it is the folder; otherwise the details say where the start failed.`
      : 'The details say where the start failed.',
  ]
    .filter(Boolean)
    .join(' ');
}

function writeDetails(error: unknown, dataDir: string): string | null {
  const file = join(dataDir, 'start-error.log');
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${new Date().toISOString()}\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return file;
  } catch {
    return null;
  }
}
