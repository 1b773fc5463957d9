import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { parseProductImagePath, productImageSvg } from '../../seed/catalogue/productImage';
import type { Api, ApiRequest } from '../core/api';
import type { Route } from '../core/contract';
import { ApiError } from '../core/errors';
import { MAX_UPLOAD_BYTES } from '../core/images';
import { createCatalogueCache } from './catalogueCache';

export interface AppOptions {
  api: Api;
  /** The current catalogue version, so serialised product lists are reused until products change. */
  catalogueVersion(): string;
  /** Called after every write, before its answer leaves. */
  afterWrite(): Promise<void>;
  /** The built SPA (dist/), served with history fallback when present. */
  staticDir?: string;
  uploadsDir: string;
  logger?: boolean | object;
}

const JSON_LIMIT = 256 * 1024;

const sendError = (reply: FastifyReply, error: ApiError) => reply.code(error.status).type('application/json').send(error.body);

function flatQuery(query: unknown): Record<string, string> {
  return Object.fromEntries(Object.entries((query ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(Array.isArray(v) ? v[0] : v)]));
}

async function fileOf(request: FastifyRequest): Promise<ApiRequest['file']> {
  if (!request.isMultipart()) return undefined;
  const part = await request.file();
  if (!part) return undefined;
  const bytes = new Uint8Array(await part.toBuffer());
  return { bytes, filename: part.filename };
}

/** One Fastify app: the API under /api (every route from openapi.yaml, answered by the core), product pictures, uploads and the SPA. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: JSON_LIMIT, trustProxy: true });
  const cache = createCatalogueCache(options.catalogueVersion);

  // The core parses JSON itself, so a malformed body is the contract's 400 on every backend.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  await app.register(fastifyMultipart, { limits: { files: 1, fileSize: MAX_UPLOAD_BYTES, fields: 5 }, throwFileSizeLimit: true });

  app.setErrorHandler((error: { statusCode?: number; code?: string }, request, reply) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE' || error.statusCode === 413) {
      return sendError(reply, new ApiError(413, 'The request is too large.', error.code === 'FST_REQ_FILE_TOO_LARGE' ? 'file' : undefined));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, new ApiError(400, 'The request could not be read.', 'body'));
    }
    request.log.error(error);
    return sendError(reply, new ApiError(500, 'Something went wrong on our side. Please try again.'));
  });

  for (const route of options.api.routes) {
    const respond = async (request: FastifyRequest) => {
      const input: ApiRequest = {
        path: (request.params ?? {}) as Record<string, string>,
        query: flatQuery(request.query),
        authorization: request.headers.authorization ?? null,
        ...(typeof request.body === 'string' ? { json: request.body } : {}),
      };
      if (route.multipart) {
        const file = await fileOf(request);
        if (file) input.file = file;
      }
      return options.api.handle(route, input);
    };
    const cacheable = cache.cacheable(route);
    app.route({
      method: route.method.toUpperCase() as Uppercase<Route['method']>,
      url: `/api${route.path.replace(/\{(\w+)\}/g, ':$1')}`,
      handler: async (request, reply) => {
        if (cacheable && !request.headers.authorization) return cache.serve(request, reply, () => respond(request));
        const result = await respond(request);
        if (route.method !== 'get') await options.afterWrite();
        reply.code(result.status);
        return result.body === undefined ? reply.send() : reply.type('application/json').send(result.body);
      },
    });
  }

  app.get('/images/products/:file', async (request, reply) => {
    const image = parseProductImagePath((request.params as { file: string }).file);
    if (!image) return sendError(reply, new ApiError(404, 'Image not found.'));
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(productImageSvg(image.category, image.hex));
  });

  await mkdir(options.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: options.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
  });

  const spa = options.staticDir && existsSync(options.staticDir) ? options.staticDir : null;
  if (spa) {
    await app.register(fastifyStatic, {
      root: spa,
      wildcard: false,
      setHeaders: (response, path) => {
        if (path.includes('/assets/')) response.setHeader('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET' || !spa) {
      return sendError(reply, new ApiError(404, 'Not found.'));
    }
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app;
}
