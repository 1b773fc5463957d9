import { createServer, type Server } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { badRequest } from '../core/errors';
import { DEFAULT_BODY_LIMIT } from './bodyLimits';
import type { createCatalogueCache } from './catalogueCache';
import { answeredEarly, clientErrorAnswer } from './clientErrors';
import { CONNECTIONS } from './connections';
import { isHealthCheck, misdirected, shopHosts } from './hosts';
import { sendPrebuiltRaw } from './prebuilt';
import { sendError } from './sendError';

export interface ShopServerOptions {
  /** The headers every answer carries, the ones sent before routing too. */
  security: Readonly<Record<string, string>>;
  /** The catalogue reads answered again as they were, before routing. */
  cache: Pick<ReturnType<typeof createCatalogueCache>, 'early'>;
  publicOrigin: string | undefined;
  trustProxy: false | string[];
  logger: boolean | object;
}

/**
 * The Fastify app on its Node server: a request for another host is refused,
 * and a catalogue read the router has answered before is sent again as it was,
 * before routing; the connections are bounded in time and number; what Node's
 * parser or the router refuses is answered as the contract's Error.
 */
export function createShopServer({ security, cache, publicOrigin, trustProxy, logger }: ShopServerOptions): FastifyInstance {
  const early = answeredEarly();
  const ownHost = shopHosts({ publicOrigin, trustProxy });
  const app: FastifyInstance = Fastify({
    serverFactory: (route) => {
      const server = createServer({ connectionsCheckingInterval: CONNECTIONS.checkEveryMs }, (request, response) => {
        early.watch(request, response);
        try {
          if (!ownHost(request) && !isHealthCheck(request)) return misdirected(response, security);
          const answer = cache.early(request);
          if (!answer) return route(request, response);
          sendPrebuiltRaw(request, response, answer, security);
          app.log.info({ url: request.url, statusCode: response.statusCode }, 'answered from the catalogue cache');
        } catch (error) {
          // Outside the framework nothing else would catch it, and the process would end.
          app.log.error(error);
          if (!response.headersSent) route(request, response);
        }
      });
      server.headersTimeout = CONNECTIONS.headersMs;
      server.requestTimeout = CONNECTIONS.requestMs;
      server.keepAliveTimeout = CONNECTIONS.keepAliveMs;
      server.setTimeout(CONNECTIONS.idleMs);
      server.maxConnections = CONNECTIONS.most;
      return server;
    },
    logger,
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy,
    clientErrorHandler: clientErrorAnswer(security, early.has),
    // A path the router cannot decode (broken percent-encoding), answered before any hook runs.
    frameworkErrors: (_error, _request, reply) => {
      reply.headers(security);
      return sendError(reply, badRequest('The address is not valid.', 'path'));
    },
  });
  return app;
}

/**
 * The origin pages, the sitemap and robots.txt name: the configured public
 * origin, else the address the server listens on (the local set-up). Never
 * the request's Host, so each page is made once, whatever name it was asked
 * by, and no caller chooses what it links to.
 */
export function ownOrigin(server: Server, publicOrigin: string | undefined): string {
  if (publicOrigin) return publicOrigin;
  const address = server.address();
  if (address === null || typeof address === 'string') return 'http://localhost';
  return `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
}
