import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router';
import AppErrorPage from './AppErrorPage';
import { isFailedFile, mayReloadForFailedFile, noteReloadForFailedFile } from './failedFile';

/**
 * A route's error boundary (`errorElement`): a screen's file that failed to
 * load is loaded again by one reload of the page; a second failure soon
 * after, and any other error, shows the error page with Reload.
 *
 * @param standalone shown without the layout (the layout itself failed): the page is its own main landmark
 */
export function RouteError({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  const [reloading, setReloading] = useState(() => isFailedFile(error) && mayReloadForFailedFile());
  useEffect(() => {
    if (reloading && noteReloadForFailedFile()) window.location.reload();
    else {
      setReloading(false);
      console.error(error);
    }
  }, [error, reloading]);
  if (reloading) return null;
  return standalone ? (
    <main>
      <AppErrorPage />
    </main>
  ) : (
    <AppErrorPage />
  );
}
