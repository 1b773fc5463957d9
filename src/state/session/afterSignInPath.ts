import { useCallback, useContext } from 'react';
import { useLocation } from 'react-router';
import { afterSignInPath, RETURN_PARAM, safeReturnPath } from '~/src/domain/returnPath';
import type { UserType } from '~/src/domain/types';
import { LastPage } from './returnPath';

/**
 * Where a sign-in made on this page leads (afterSignInPath): the page the
 * address's `from` names when it is a path on this shop, else the last page
 * the shopper was on (ReturnPathProvider) when it is one.
 */
export function useAfterSignInPath(): (user: { type: UserType } | null) => string {
  const asked = new URLSearchParams(useLocation().search).get(RETURN_PARAM);
  const lastPage = useContext(LastPage);
  return useCallback((user) => afterSignInPath(user, safeReturnPath(asked) ?? safeReturnPath(lastPage.current)), [asked, lastPage]);
}
