import type { IncomingMessage, ServerResponse } from 'node:http';
import { compile } from '@fastify/proxy-addr';
import { LOOPBACK_HOST_NAME } from '../config';

/** The loopback names, on any port: all a shop without PUBLIC_ORIGIN answers to, and what one with a loopback PUBLIC_ORIGIN answers to besides it. */
const LOOPBACK_HOST = new RegExp(`^${LOOPBACK_HOST_NAME}(?::\\d{1,5})?$`);

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

/** How many Host headers the request carries: Node keeps the first of several, which HTTP refuses (RFC 9112, 3.2). */
function hostHeaders(request: IncomingMessage): number {
  let count = 0;
  for (let i = 0; i < request.rawHeaders.length; i += 2) if (request.rawHeaders[i]!.toLowerCase() === 'host') count++;
  return count;
}

/** The host a request target of absolute form names (`GET http://other/x`), which HTTP reads in place of the Host header. */
function targetHost(url: string | undefined): string | undefined {
  if (url === undefined || url.startsWith('/')) return undefined;
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/**
 * Whether a request names the shop's own host: PUBLIC_ORIGIN's when set
 * (with the loopback names when it is on loopback itself), else a loopback
 * name. Asked before anything else, so a request for any other host (a DNS
 * rebinding page, a scanner, a flood of made-up names) costs nothing and
 * can key nothing.
 */
export function shopHosts({ publicOrigin, trustProxy }: HostsOptions): (request: IncomingMessage) => boolean {
  const own = publicOrigin ? new URL(publicOrigin) : null;
  const loopbackToo = own === null || LOOPBACK_HOST.test(own.host);
  const trusted = trustProxy ? compile(trustProxy) : null;
  const allowed = (host: string) => {
    if (loopbackToo && LOOPBACK_HOST.test(host)) return true;
    if (!own || !HOST_CHARACTERS.test(host)) return false;
    try {
      return new URL(`${own.protocol}//${host}`).host === own.host;
    } catch {
      return false;
    }
  };
  return (request) => {
    if (hostHeaders(request) > 1) return false;
    const forwarded = request.headers['x-forwarded-host'];
    const viaProxy = trusted !== null && typeof forwarded === 'string' && trusted(request.socket.remoteAddress ?? '', 0);
    const host = viaProxy ? lastOf(forwarded) : (targetHost(request.url) ?? request.headers.host);
    return host !== undefined && allowed(host.toLowerCase());
  };
}

/**
 * A health check, answered whatever Host it names: a load balancer or an
 * orchestrator probes each server by its own address (an ALB by the
 * target's IP, a Kubernetes probe by the pod's) and cannot always name the
 * shop's. It keys nothing and carries nothing of the shop.
 */
export const isHealthCheck = (request: IncomingMessage) =>
  (request.method === 'GET' || request.method === 'HEAD') && request.url === '/api/health';

/** The answer to a request for another host: 421 (RFC 9110, 15.5.20), with the contract's Error body and the headers every answer carries. */
export function misdirected(response: ServerResponse, always: Readonly<Record<string, string>>): void {
  const body = JSON.stringify({ error: { code: 'bad_request', message: 'This shop answers only at its own address.', field: 'host' } });
  response
    .writeHead(421, {
      ...always,
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    })
    .end(body);
}
