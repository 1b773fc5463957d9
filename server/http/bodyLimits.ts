import type { OperationId } from '../core/contract';

/**
 * The most bytes a JSON body may have: past the largest its contract allows
 * (a comment of 1,000 characters each written as \u escapes, a cart of 100
 * lines, 500 ids), so a body is read whole only when it could be valid.
 */
export const DEFAULT_BODY_LIMIT = 16 * 1024;

/** Operations whose contract allows a larger body. */
const LARGER: Partial<Record<OperationId, number>> = {
  // A description of 3,000 characters, a picture address of 2,048 and 60 shades each with a name of 40 and a picture address
  // of 2,048: some 900 KB with every character a \u escape. Only an Admin's body is read (the caller is checked first).
  createProduct: 1024 * 1024,
  updateProduct: 1024 * 1024,
  // A catalogue import of up to 1,000 rows.
  importProducts: 4 * 1024 * 1024,
};

export const bodyLimitOf = (operationId: OperationId): number => LARGER[operationId] ?? DEFAULT_BODY_LIMIT;
