import type { IncomingMessage, ServerResponse } from 'node:http';
import { compile } from '@fastify/proxy-addr';

/** The names a shop without PUBLIC_ORIGIN answers to: the loopback ones its local set-up listens on, on any port. */
const LOOPBACK_HOST = /^(?:localhost|127(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}|\[::1\])(?::\d{1,5})?$/;

interface HostsOptions {
  /** The shop's address as visitors reach it: only its host is answered. */
  publicOrigin?: string | undefined;
  /** The proxies whose X-Forwarded-Host names the host asked for, as Fastify reads it. */
  trustProxy: false | string[];
}

/** What a host and port are written with: no credentials, path or query for the URL parser to read past. */
const HOST_CHARACTERS = /^[a-z0-9.\-[\]:]+$/;

/** The header's last value, as Fastify reads X-Forwarded-Host: a proxy appends what it was asked. */
const lastOf = (header: string) => header.slice(header.lastIndexOf(',') + 1).trim();

/**
 * Whether a request names the shop's own host: PUBLIC_ORIGIN's when set,
 * else a loopback name. Asked before anything else, so a request for any
 * other host (a DNS rebinding page, a scanner, a flood of made-up names)
 * costs nothing and can key nothing.
 */
export function shopHosts({ publicOrigin, trustProxy }: HostsOptions): (request: IncomingMessage) => boolean {
  const own = publicOrigin ? new URL(publicOrigin) : null;
  const trusted = trustProxy ? compile(trustProxy) : null;
  const allowed = (host: string) => {
    if (!own) return LOOPBACK_HOST.test(host);
    if (!HOST_CHARACTERS.test(host)) return false;
    try {
      return new URL(`${own.protocol}//${host}`).host === own.host;
    } catch {
      return false;
    }
  };
  return (request) => {
    const forwarded = request.headers['x-forwarded-host'];
    const viaProxy = trusted !== null && typeof forwarded === 'string' && trusted(request.socket.remoteAddress ?? '', 0);
    const host = viaProxy ? lastOf(forwarded) : request.headers.host;
    return host !== undefined && allowed(host.toLowerCase());
  };
}

/** The answer to a request for another host: 421 (RFC 9110, 15.5.20), with the contract's Error body and the headers every answer carries. */
export function misdirected(response: ServerResponse, always: Readonly<Record<string, string>>): void {
  const body = JSON.stringify({ error: { code: 'bad_request', message: 'This shop answers only at its own address.', field: 'host' } });
  response
    .writeHead(421, { ...always, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close' })
    .end(body);
}
