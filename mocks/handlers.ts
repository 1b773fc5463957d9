import { http, HttpResponse, type HttpHandler } from 'msw';
import type { Api, ApiRequest } from '~/server/core/api';
import type { Query, Route } from '~/server/core/contract';
import { parseProductImagePath, productImageSvg } from '~/seed/catalogue/productImage';

/** /products/{id} -> {origin}/api/products/:id; the origin is empty in the browser and a made-up host in Node. */
export const mswPath = (origin: string, route: Route) => `${origin}/api${route.path.replace(/\{(\w+)\}/g, ':$1')}`;

/** The query as sent: a name given more than once holds every value, which the contract refuses for its own parameters. */
function queryOf(params: URLSearchParams): Query {
  return Object.fromEntries(
    [...new Set(params.keys())].map((name) => {
      const values = params.getAll(name);
      return [name, values.length === 1 ? values[0]! : values];
    }),
  );
}

async function requestOf(
  route: Route,
  request: Request,
  params: Record<string, string | readonly string[] | undefined>,
): Promise<ApiRequest> {
  const url = new URL(request.url);
  const base: ApiRequest = {
    path: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
    query: queryOf(url.searchParams),
    authorization: request.headers.get('authorization'),
    headers: Object.fromEntries(request.headers),
  };
  if (route.multipart) {
    const file = (await request.formData().catch(() => null))?.get('file');
    return file instanceof File ? { ...base, file: { bytes: new Uint8Array(await file.arrayBuffer()), filename: file.name } } : base;
  }
  return { ...base, json: await request.text() };
}

/** One MSW handler per operation of the contract, each answered by the shared core; plus the product pictures. */
export function createHandlers(api: Api, origin = ''): HttpHandler[] {
  const operations = api.routes.map((route) =>
    http[route.method](mswPath(origin, route), async ({ request, params }) => {
      const reply = await api.handle(route, await requestOf(route, request, params));
      return reply.body === undefined
        ? new HttpResponse(null, { status: reply.status })
        : HttpResponse.json(reply.body as object, { status: reply.status });
    }),
  );
  const images = http.get(`${origin}/images/products/:file`, ({ params }) => {
    const image = parseProductImagePath(String(params.file));
    if (!image) return new HttpResponse(null, { status: 404 });
    return new HttpResponse(productImageSvg(image), {
      headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=31536000, immutable' },
    });
  });
  return [...operations, images];
}
