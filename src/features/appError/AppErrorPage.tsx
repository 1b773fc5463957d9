import { Button, ButtonLink } from '~/src/ui/Button/Button';
import { Message } from '~/src/ui/Message/Message';
import * as styles from './AppErrorPage.css';

const reloadPage = () => window.location.reload();

/**
 * What shows when a page failed to load or to render: what happened, and
 * Reload. Its heading takes the focus. Home is a fresh load too: after a
 * deploy the open page's files are gone, the new ones come with a new page.
 */
export default function AppErrorPage({ onReload = reloadPage }: { onReload?(): void }) {
  return (
    <Message title="Something went wrong" text="This page could not be shown. Reload to try again." focusTitle>
      <div className={styles.actions}>
        <Button onClick={onReload}>Reload</Button>
        <ButtonLink variant="secondary" to="/home" reloadDocument>
          Go Back Home
        </ButtonLink>
      </div>
    </Message>
  );
}
