import { createContext, useCallback, useContext, useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { isSignInPage } from '~/src/domain/signInPages';

/**
 * The last page of this shop the shopper was on before a sign-in page, in
 * this tab, as the address named it: checked when a sign-in returns there
 * (useAfterSignInPath, loaded with the sign-in pages).
 */
export const LastPage = createContext<{ current: string | null }>({ current: null });

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
    if (!isSignInPage(pathname)) lastPage.current = `${pathname}${search}${hash}`;
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
