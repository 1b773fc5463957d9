import type { components } from '~/src/api/schema';

type ErrorCode = components['schemas']['Error']['error']['code'];

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'too_large',
  429: 'too_many_requests',
  503: 'unavailable',
  500: 'internal',
};

/** A failure the API answers on purpose, with the contract's Error body. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 503,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }

  get body(): components['schemas']['Error'] {
    const code = CODE_BY_STATUS[this.status] ?? 'internal';
    return { error: { code, message: this.message, ...(this.field ? { field: this.field } : {}) } };
  }
}

export const badRequest = (message: string, field?: string) => new ApiError(400, message, field);
/** A text parameter or field that cannot be stored or searched as sent: a NUL character, or bytes that are not Unicode. */
export const brokenText = (field: string) => badRequest(`${field} must be text without NUL characters or broken Unicode.`, field);
export const unauthorized = () => new ApiError(401, 'Sign in to do this.');
export const forbidden = (message = 'You are not allowed to do this.') => new ApiError(403, message);
export const notFound = (what: string) => new ApiError(404, `${what} not found.`);
export const conflict = (message: string) => new ApiError(409, message);
