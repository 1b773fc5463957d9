import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

// Each test file's temporary folders (data folders, uploads, databases), and those of what it starts with its own
// environment (which inherits TMPDIR), go under one folder of the file's own, removed when the file is done: a run leaves
// nothing behind in /tmp.
const parent = process.env.TMPDIR;
const root = mkdtempSync(join(tmpdir(), 'shop-test-'));
// The PostgreSQL a test starts runs as the postgres user, whose data folder is under this one.
chmodSync(root, 0o755);
process.env.TMPDIR = root;

afterAll(() => {
  if (parent === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = parent;
  // Retried: a process a test has just killed may still be writing there.
  rmSync(root, { recursive: true, force: true, maxRetries: 5 });
});
