import { routesFrom, type OpenApiDocument, type OperationId, type Route } from './contract';
import { shopUserOf, type Context, type Input, type Operations, type Reply } from './context';
import { ApiError, badRequest, unauthorized } from './errors';
import { cartOperations } from './operations/cart';
import { commentOperations } from './operations/comments';
import { favoriteOperations } from './operations/favorites';
import { healthOperations } from './operations/health';
import { orderOperations } from './operations/orders';
import { productOperations } from './operations/products';
import { uploadOperations } from './operations/uploads';
import { userOperations } from './operations/users';
import type { IdentityVerifier, ImageStore, PaymentProvider, Store, UploadedFile } from './ports';

export const operations: Operations = {
  ...healthOperations,
  ...productOperations,
  ...cartOperations,
  ...userOperations,
  ...commentOperations,
  ...favoriteOperations,
  ...orderOperations,
  ...uploadOperations,
};

export interface ApiDependencies {
  contract: OpenApiDocument;
  store: Store;
  identity: IdentityVerifier;
  payments: PaymentProvider;
  images: ImageStore;
  now?: () => Date;
  /** Where unexpected failures are reported; the client only ever sees a generic 500. */
  log?: (error: unknown) => void;
}

export interface ApiRequest {
  path: Record<string, string>;
  query: Record<string, string>;
  /** The JSON body as sent; parsed here so a malformed one is the contract's 400 in every adapter. */
  json?: string;
  file?: UploadedFile;
  /** The Authorization header as sent. */
  authorization?: string | null;
}

export interface Api {
  routes: Route[];
  handle(route: Route, request: ApiRequest): Promise<Reply>;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('The body is not valid JSON.', 'body');
  }
}

const bearer = (header: string | null | undefined) => /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? null;

/** The API's behaviour on the given adapters; the HTTP layer only maps requests to routes and replies back. */
export function createApi(deps: ApiDependencies): Api {
  const { store, identity, payments, images } = deps;
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? ((error: unknown) => console.error(error));

  async function contextFor(route: Route, authorization: string | null | undefined): Promise<Context> {
    const base: Context = { store, payments, images, accounts: identity, now, identity: null, user: null };
    if (route.auth === 'none') return base;
    const token = bearer(authorization);
    if (!token) {
      if (route.auth === 'required') throw unauthorized();
      return base;
    }
    const verified = await identity.verify(token);
    if (!verified) throw unauthorized();
    return { ...base, identity: verified, user: await shopUserOf(store, verified) };
  }

  return {
    routes: routesFrom(deps.contract),
    async handle(route, request) {
      try {
        const body = request.json === undefined || request.json === '' ? undefined : parseJson(request.json);
        const valid = route.validate({ path: request.path, query: request.query, body });
        const ctx = await contextFor(route, request.authorization);
        const operation = operations[route.operationId] as (ctx: Context, input: Input<OperationId>) => Promise<Reply>;
        return await operation(ctx, { ...valid, file: request.file } as Input<OperationId>);
      } catch (error) {
        if (error instanceof ApiError) return { status: error.status, body: error.body };
        log(error);
        return { status: 500, body: new ApiError(500, 'Something went wrong on our side. Please try again.').body };
      }
    },
  };
}
