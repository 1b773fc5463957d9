import { routesFrom, type Headers, type OpenApiDocument, type OperationId, type Query, type Route } from './contract';
import { requireAdmin, shopUserOf, type Context, type Input, type Operations, type Reply } from './context';
import { ApiError, badRequest, unauthorized } from './errors';
import { MAX_JSON_DEPTH, nestedTooDeep } from './jsonDepth';
import { cartOperations } from './operations/cart';
import { commentOperations } from './operations/comments';
import { favoriteOperations } from './operations/favorites';
import { healthOperations } from './operations/health';
import { orderOperations } from './operations/orders';
import { productOperations } from './operations/products';
import { statsOperations } from './operations/stats';
import { uploadOperations } from './operations/uploads';
import { userOperations } from './operations/users';
import type { Identity, IdentityVerifier, ImageStore, PaymentProvider, Store, UploadedFile } from './ports';

export const operations: Operations = {
  ...healthOperations,
  ...productOperations,
  ...cartOperations,
  ...userOperations,
  ...commentOperations,
  ...favoriteOperations,
  ...orderOperations,
  ...uploadOperations,
  ...statsOperations,
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
  query: Query;
  /** The request's headers by their lower-case names; the core reads those the contract declares (Idempotency-Key). */
  headers?: Headers;
  /** The JSON body as sent; parsed here so a malformed one is the contract's 400 in every adapter. */
  json?: string;
  /** The multipart file, or a reader of it that the core calls only once the caller may upload. */
  file?: UploadedFile | (() => Promise<UploadedFile | undefined>);
  /** The Authorization header as sent. */
  authorization?: string | null;
  /** What identify(authorization) answered, when the adapter asked first (its rate limits count per caller): the token is verified once. */
  identity?: Promise<Identity | null>;
}

export interface Api {
  routes: readonly Route[];
  /** The verified identity behind an Authorization header; null without a valid bearer token. */
  identify(authorization: string | null | undefined): Promise<Identity | null>;
  handle(route: Route, request: ApiRequest): Promise<Reply>;
  /** The answer refusing the caller of an Admin's route (401, 403), or null for an Admin: asked before the body is read. */
  refusal(route: Route, request: Pick<ApiRequest, 'authorization' | 'identity'>): Promise<Reply | null>;
}

function parseJson(text: string): unknown {
  if (nestedTooDeep(text)) throw badRequest(`The body may nest arrays and objects ${MAX_JSON_DEPTH} deep at most.`, 'body');
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

  async function identify(authorization: string | null | undefined): Promise<Identity | null> {
    const token = bearer(authorization);
    return token ? identity.verify(token) : null;
  }

  async function contextFor(route: Route, request: Pick<ApiRequest, 'authorization' | 'identity'>): Promise<Context> {
    const base: Context = { store, payments, images, accounts: identity, now, identity: null, user: null };
    if (route.auth === 'none') return base;
    if (!bearer(request.authorization)) {
      // A credential that is not a bearer token is refused, not read as a visitor's call.
      if (route.auth === 'required' || request.authorization) throw unauthorized();
      return base;
    }
    const verified = await (request.identity ?? identify(request.authorization));
    if (!verified) throw unauthorized();
    const ctx = { ...base, identity: verified, user: await shopUserOf(store, verified) };
    if (route.admin) requireAdmin(ctx);
    return ctx;
  }

  /** An ApiError as the reply it is; anything else logged and answered 500. */
  function replyOf(error: unknown): Reply {
    if (error instanceof ApiError) {
      // An answer given on purpose for a failure underneath (a provider down): the failure is still logged.
      if (error.cause !== undefined) log(error.cause);
      return { status: error.status, body: error.body };
    }
    log(error);
    return { status: 500, body: new ApiError(500, 'Something went wrong on our side. Please try again.').body };
  }

  return {
    routes: routesFrom(deps.contract),
    identify,
    async handle(route, request) {
      try {
        // The caller first: an anonymous write is refused whatever its body, and no body is parsed for a caller who may not send it.
        const ctx = await contextFor(route, request);
        const body = request.json === undefined || request.json === '' ? undefined : parseJson(request.json);
        const valid = route.validate({
          path: request.path,
          query: request.query,
          ...(request.headers ? { headers: request.headers } : {}),
          body,
        });
        const operation = operations[route.operationId] as (ctx: Context, input: Input<OperationId>) => Promise<Reply>;
        const { file } = request;
        const readFile = typeof file === 'function' ? file : async () => file;
        return await operation(ctx, { ...valid, readFile } as Input<OperationId>);
      } catch (error) {
        return replyOf(error);
      }
    },
    async refusal(route, request) {
      try {
        await contextFor(route, request);
        return null;
      } catch (error) {
        return replyOf(error);
      }
    },
  };
}
