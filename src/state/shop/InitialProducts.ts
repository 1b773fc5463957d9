import { createContext } from 'react';
import type { Product } from '../../domain/types';

/** The product list a server-rendered page was rendered with: the storefront starts from it instead of fetching it again. */
export const InitialProducts = createContext<Product[] | undefined>(undefined);
