import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { parseProductImagePath, productImageSvg } from '~/seed/catalogue/productImage';
import { ApiError } from '../core/errors';
import { sendError } from './sendError';

/** The product pictures, drawn from their address (category and colour), kept by browsers for a year. */
export function registerProductPictures(app: FastifyInstance): void {
  app.get('/images/products/:file', async (request, reply) => {
    const image = parseProductImagePath((request.params as { file: string }).file);
    if (!image) return sendError(reply, new ApiError(404, 'Image not found.'));
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=31536000, immutable').send(productImageSvg(image));
  });
}

/** The uploaded images under /uploads/: each file is written once under a new name, so kept for a year. */
export async function registerUploads(app: FastifyInstance, uploadsDir: string): Promise<void> {
  await mkdir(uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
  });
}

/** The built SPA's files when the build is there: the folder served, or null without one. */
export async function registerBuild(app: FastifyInstance, staticDir: string | undefined): Promise<string | null> {
  const spa = staticDir && existsSync(staticDir) ? staticDir : null;
  if (!spa) return null;
  await app.register(fastifyStatic, {
    root: spa,
    wildcard: false,
    // The page itself is answered by the page routes, with the settings it reads.
    index: false,
    // The build wrote .br and .gz copies: sent to browsers that accept them.
    preCompressed: true,
    // Source maps are built (hidden) for error reports, the compressed copies are sent for their file, and the mock backend's
    // worker belongs to the demo build: none is served.
    allowedPath: (path) => !/\.(map|br|gz)$/.test(path) && path !== '/index.html' && path !== '/mockServiceWorker.js',
    // Our own cache-control (the plugin's default would replace it on the compressed copies): hashed files for a year,
    // the rest asked again.
    cacheControl: false,
    setHeaders: (response, path) => {
      response.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      // The same address is sent brotli, gzip or plain: a shared cache must keep them apart.
      response.setHeader('vary', 'accept-encoding');
    },
  });
  return spa;
}
