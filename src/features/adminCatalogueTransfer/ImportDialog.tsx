import * as Dialog from '@radix-ui/react-dialog';
import { useOpenerFocus } from '~/src/ui/Dialog/useOpenerFocus';
import type { SnapshotFrom } from 'xstate';
import type { catalogueImportMachine, CatalogueImportEvent } from '~/machines/catalogueImport.machine';
import type { BadRow } from '~/src/domain/catalogueCsv';
import { truncate } from '~/src/domain/truncate';
import { Button } from '~/src/ui/Button/Button';
import { ErrorState } from '~/src/ui/ErrorState/ErrorState';
import { Spinner } from '~/src/ui/Spinner/Spinner';
import * as styles from './CatalogueTransfer.css';
import { IMPORT_UNCONFIRMED } from './catalogueImport.actors';

type ImportSnapshot = SnapshotFrom<typeof catalogueImportMachine>;

const products = (n: number) => `${n} product${n === 1 ? '' : 's'}`;
const rows = (n: number) => `${n} row${n === 1 ? '' : 's'}`;

/** The import from the file's preview to its outcome; nothing is written before 'Import n products'. */
export function ImportDialog({ state, send }: { state: ImportSnapshot; send(event: CatalogueImportEvent): void }) {
  const { fileName, sheet, problem, refusal, created } = state.context;
  const good = sheet.good.length;
  const open = !state.matches('idle') && !state.matches('parsing');
  const returnFocus = useOpenerFocus(open);
  const dismiss = () => send({ type: state.matches('preview') || state.matches('failed') ? 'CANCEL' : 'CLOSE' });
  const close = (
    // eslint-disable-next-line jsx-a11y/no-autofocus -- a dialog takes the focus as it opens (Radix returns it on close)
    <Button autoFocus onClick={dismiss}>
      Close
    </Button>
  );
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && dismiss()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content} aria-busy={state.matches('importing') || undefined} onCloseAutoFocus={returnFocus}>
          <Dialog.Title className={styles.title}>Import products (CSV)</Dialog.Title>
          <Dialog.Description className={styles.text}>{fileName}</Dialog.Description>
          {state.matches('preview') && (
            <>
              <p className={styles.text}>{good ? `${products(good)} ready to import.` : 'No row can be imported.'}</p>
              {sheet.bad.length > 0 && <Problems bad={sheet.bad} />}
              <div className={styles.actions}>
                <Button variant="secondary" onClick={dismiss}>
                  Cancel
                </Button>
                <Button disabled={!good} onClick={() => send({ type: 'CONFIRM' })}>
                  Import {products(good)}
                </Button>
              </div>
            </>
          )}
          {state.matches('importing') && <Spinner label={`Importing ${products(good)}`} />}
          {state.matches('done') && (
            <>
              <p className={styles.text} role="status">
                {created === 1 ? '1 product was added to the catalogue.' : `${created} products were added to the catalogue.`}
              </p>
              <div className={styles.actions}>{close}</div>
            </>
          )}
          {state.matches('refused') && (
            <>
              <p className={styles.alert} role="alert">
                The server refused the import{refusal?.row ? ` at row ${refusal.row}, ${refusal.field}` : ''}: {refusal?.message} Nothing
                was imported.
              </p>
              <div className={styles.actions}>{close}</div>
            </>
          )}
          {state.matches('unreadable') && (
            <>
              <p className={styles.alert} role="alert">
                {problem}
              </p>
              <div className={styles.actions}>{close}</div>
            </>
          )}
          {state.matches('failed') && (
            <>
              <ErrorState message={IMPORT_UNCONFIRMED} onRetry={() => send({ type: 'RETRY' })} />
              <div className={styles.actions}>
                <Button variant="secondary" onClick={dismiss}>
                  Cancel
                </Button>
              </div>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Each bad row's broken fields: row number, field, message and the cell as written. */
function Problems({ bad }: { bad: BadRow[] }) {
  return (
    <div className={styles.scroll}>
      <table className={styles.problems}>
        <caption>{rows(bad.length)} with problems, left out</caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Field</th>
            <th scope="col">Message</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {bad.flatMap(({ row, problems }) =>
            problems.map(({ field, message, value }) => (
              <tr key={`${row}-${field}`}>
                <td>{row}</td>
                <td>{field}</td>
                <td>{message}</td>
                <td>{truncate(value, 40)}</td>
              </tr>
            )),
          )}
        </tbody>
      </table>
    </div>
  );
}
