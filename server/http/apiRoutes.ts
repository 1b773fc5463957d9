import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Api, ApiRequest } from '../core/api';
import type { Query, Route } from '../core/contract';
import { ApiError, badRequest, brokenText, unauthorized } from '../core/errors';
import { imageTooLarge, MAX_UPLOAD_BYTES } from '../core/images';
import type { Identity, UploadedFile } from '../core/ports';
import { bodyLimitOf } from './bodyLimits';
import type { createCatalogueCache } from './catalogueCache';
import { brokenQueryField } from './queryEncoding';
import { rateLimitOf, registerRateLimits, type RateLimits } from './rateLimits';
import { sendError } from './sendError';

type CallerOf = (request: FastifyRequest) => Promise<Identity | null>;

export interface ApiRoutesOptions {
  api: Api;
  cache: ReturnType<typeof createCatalogueCache>;
  limits: RateLimits;
  /** Called after every write, before its answer leaves. */
  afterWrite(): Promise<void>;
}

/**
 * The query as Fastify's parser read it: a name given more than once holds every value, which the contract refuses for its
 * own parameters.
 */
function queryOf(query: unknown): Query {
  return Object.fromEntries(
    Object.entries((query ?? {}) as Record<string, unknown>).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)]),
  );
}

/** Reads the request's one multipart file when called, its refusals in the contract's terms. */
const fileReader = (request: FastifyRequest) => async (): Promise<UploadedFile | undefined> => {
  if (!request.isMultipart()) return undefined;
  try {
    const part = await request.file();
    if (!part) return undefined;
    return { bytes: new Uint8Array(await part.toBuffer()), filename: part.filename };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge();
    // Anything else here is the body's doing: a malformed or cut-off multipart stream.
    throw badRequest('Send one image file.', 'file');
  }
};

/**
 * The caller first, before the rate limits (which count verified callers'
 * calls) and the body: a call that needs a verified user, or sends a token,
 * is refused unread without one, an Admin's without an Admin. Its body is
 * then let through unread, not parsed: closing at once would reset a client
 * still sending it before it read the refusal, and one that never finishes is
 * closed by the request timeout.
 */
function callerCheck(api: Api, route: Route, callerOf: CallerOf) {
  if (route.auth === 'none') return {};
  return {
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      if (route.auth === 'optional' && !request.headers.authorization) return;
      const refused = route.admin
        ? await api.refusal(route, { authorization: request.headers.authorization ?? null, identity: callerOf(request) })
        : (await callerOf(request))
          ? null
          : { status: 401, body: unauthorized().body };
      if (!refused) return;
      return reply.code(refused.status).type('application/json').send(refused.body);
    },
  };
}

/**
 * Every route of openapi.yaml under /api, answered by the core, with its caller check, rate limit and body limit; and the
 * contract's error answers, which every route gives.
 */
export async function registerApiRoutes(app: FastifyInstance, { api, cache, limits, afterWrite }: ApiRoutesOptions): Promise<void> {
  // The verified caller, asked once per request: by the rate limits and then by the core.
  const callers = new WeakMap<FastifyRequest, Promise<Identity | null>>();
  const callerOf: CallerOf = (request) => {
    let caller = callers.get(request);
    if (!caller) callers.set(request, (caller = api.identify(request.headers.authorization)));
    return caller;
  };
  await registerRateLimits(app, callerOf);

  // The core parses JSON itself, so a malformed body is the contract's 400 on every backend.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  await app.register(fastifyMultipart, { limits: { files: 1, fileSize: MAX_UPLOAD_BYTES, fields: 5 }, throwFileSizeLimit: true });

  app.setErrorHandler((error: { statusCode?: number; code?: string }, request, reply) => {
    if (error instanceof ApiError) return sendError(reply, error);
    if (error.statusCode === 413) return sendError(reply, new ApiError(413, 'The request is too large.'));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, new ApiError(400, 'The request could not be read.', 'body'));
    }
    request.log.error(error);
    return sendError(reply, new ApiError(500, 'Something went wrong on our side. Please try again.'));
  });

  for (const route of api.routes) {
    const respond = async (request: FastifyRequest) => {
      const input: ApiRequest = {
        path: (request.params ?? {}) as Record<string, string>,
        query: queryOf(request.query),
        authorization: request.headers.authorization ?? null,
        headers: request.headers,
        ...(typeof request.body === 'string' ? { json: request.body } : {}),
        ...(route.multipart ? { file: fileReader(request) } : {}),
      };
      const caller = callers.get(request);
      return api.handle(route, caller ? { ...input, identity: caller } : input);
    };
    const cacheable = cache.cacheable(route);
    const rateLimit = rateLimitOf(route, limits);
    app.route({
      method: route.method.toUpperCase() as Uppercase<Route['method']>,
      url: `/api${route.path.replace(/\{(\w+)\}/g, ':$1')}`,
      bodyLimit: bodyLimitOf(route.operationId),
      ...(rateLimit ? { config: { rateLimit } } : {}),
      ...callerCheck(api, route, callerOf),
      handler: async (request, reply) => {
        const broken = brokenQueryField(request.url);
        if (broken !== null) return sendError(reply, brokenText(broken));
        if (cacheable && !request.headers.authorization) {
          const read = { path: (request.params ?? {}) as Record<string, string>, query: queryOf(request.query) };
          return cache.serve(route, read, request, reply, () => respond(request));
        }
        if (cache.wholeList(route, queryOf(request.query))) {
          const caller = await callerOf(request);
          return cache.serveWholeList(caller ? `uid:${caller.uid}` : `ip:${request.ip}`, request, reply, () => respond(request));
        }
        const result = await respond(request);
        if (route.method !== 'get') await afterWrite();
        reply.code(result.status);
        return result.body === undefined ? reply.send() : reply.type('application/json').send(result.body);
      },
    });
  }
}
