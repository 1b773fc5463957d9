import { createContext, useCallback, useContext, useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { afterSignInPath, RETURN_PARAM, safeReturnPath } from '../../domain/returnPath';
import type { UserType } from '../../domain/types';

/** The last page of this shop the shopper was on before a sign-in page, in this tab. */
const LastPage = createContext<{ current: string | null }>({ current: null });

/**
 * Remembers each page the shopper opens but the sign-in pages, so a sign-in
 * started from any of them (the cart's Sign In, the reviews' link, the
 * navbar, a page that sends a visitor to /login) returns there.
 */
export function ReturnPathProvider({ children }: { children: ReactNode }) {
  const lastPage = useRef<string | null>(null);
  return (
    <LastPage.Provider value={lastPage}>
      <RememberPage />
      {children}
    </LastPage.Provider>
  );
}

function RememberPage() {
  const { pathname, search, hash } = useLocation();
  const lastPage = useContext(LastPage);
  useEffect(() => {
    lastPage.current = safeReturnPath(`${pathname}${search}${hash}`) ?? lastPage.current;
  }, [pathname, search, hash, lastPage]);
  return null;
}

/** Sign-out starts afresh: the next sign-in lands on the landing page. */
export function useForgetLastPage(): () => void {
  const lastPage = useContext(LastPage);
  return useCallback(() => {
    lastPage.current = null;
  }, [lastPage]);
}

/**
 * Where a sign-in made on this page leads (afterSignInPath): the page the
 * address's `from` names when it is a path on this shop, else the last page
 * the shopper was on.
 */
export function useAfterSignInPath(): (user: { type: UserType } | null) => string {
  const [params] = useSearchParams();
  const asked = params.get(RETURN_PARAM);
  const lastPage = useContext(LastPage);
  return useCallback((user) => afterSignInPath(user, safeReturnPath(asked) ?? lastPage.current), [asked, lastPage]);
}
