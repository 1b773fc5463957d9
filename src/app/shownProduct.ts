import { matchRoutes } from 'react-router';
import { routes } from './routes';

/** The id the product page at this path reads, as it reads it (Number of its segment: NaN for one that is no number); undefined for any other page. */
export function shownProductId(pathname: string): number | undefined {
  const leaf = matchRoutes(routes, pathname)?.at(-1);
  return leaf?.route.path === 'detail/:id' ? Number(leaf.params.id) : undefined;
}
