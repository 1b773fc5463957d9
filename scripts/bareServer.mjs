// A bare node:http server in a process of its own that answers each request
// with bytes recorded from the shop: the benches' yardstick for what serving
// those bytes costs without the shop's work.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitUntilOk } from './shopServer.mjs';

/** Headers of the connection and the moment, which node:http writes itself. */
const OWN_HEADERS = ['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'];

const SERVER = `
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
const responses = new Map(JSON.parse(process.argv[1]).map(([key, status, headers, file]) => {
  const body = readFileSync(file);
  return [key, { status, headers: { ...headers, 'content-length': body.length }, body }];
}));
createServer((request, response) => {
  request.resume();
  const found = responses.get(request.method === 'GET' ? 'GET ' + request.url : request.method + ' ' + request.url.split('?')[0]);
  if (!found) return response.writeHead(404, { 'content-length': 0 }).end();
  response.writeHead(found.status, found.headers);
  response.end(found.body);
}).listen(Number(process.argv[2]), '127.0.0.1');
`;

/**
 * Starts the bare server on port with the recorded responses.
 * @param {Map<string, { status: number, headers: Record<string, unknown>, body: Buffer }>} responses keyed `GET /path?query`, or `POST /path` (a write's query is not part of its key)
 * @param {number} port
 * @returns {Promise<{ origin: string, stop: () => void }>}
 */
export async function startBare(responses, port) {
  const folder = mkdtempSync(join(tmpdir(), 'bench-bare-'));
  const table = [...responses].map(([key, { status, headers, body }], i) => {
    const file = join(folder, String(i));
    writeFileSync(file, body);
    return [key, status, Object.fromEntries(Object.entries(headers).filter(([name]) => !OWN_HEADERS.includes(name))), file];
  });
  const bare = spawn(process.execPath, ['--input-type=module', '-e', SERVER, JSON.stringify(table), String(port)], { stdio: 'inherit' });
  const origin = `http://127.0.0.1:${port}`;
  const stop = () => {
    bare.kill();
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    const firstGet = table.find(([key]) => key.startsWith('GET '));
    await waitUntilOk(origin + firstGet[0].slice('GET '.length), 10_000, bare);
  } catch (error) {
    stop();
    throw error;
  }
  return { origin, stop };
}
