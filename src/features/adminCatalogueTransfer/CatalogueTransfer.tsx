import { useMachine } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { useCatalogueChanged } from '~/src/state/shop/catalogueChanged';
import { button } from '~/src/ui/Button/Button.css';
import { visuallyHidden } from '~/src/ui/theme/visuallyHidden.css';
import * as styles from './CatalogueTransfer.css';
import { ordersFile, productsFile } from './catalogueImport.actors';
import { catalogueImportLogic } from './catalogueImport.logic';
import { csvName, downloadCsv } from './downloadCsv';
import { ExportButton } from './ExportButton';
import { ImportDialog } from './ImportDialog';

/** The catalogue in and out as CSV: the products and orders exported, products imported after a preview (then `onImported`). */
export function CatalogueTransfer({ onImported }: { onImported?: () => void }) {
  const catalogueChanged = useCatalogueChanged();
  // The latest callback, read when an import ends, so a new one does not restart the machine.
  const imported = useRef(onImported);
  imported.current = onImported;
  const logic = useMemo(
    () =>
      catalogueImportLogic({
        catalogueChanged: () => {
          catalogueChanged();
          imported.current?.();
        },
      }),
    [catalogueChanged],
  );
  const [state, send] = useMachine(logic);
  return (
    <div className={styles.bar}>
      <ExportButton
        label="Export products (CSV)"
        failure="The products could not be exported."
        run={async () => downloadCsv(csvName('products'), await productsFile())}
      />
      <ExportButton
        label="Export orders (CSV)"
        failure="The orders could not be exported."
        run={async () => downloadCsv(csvName('orders'), await ordersFile())}
      />
      <label className={`${button.secondary} ${styles.chooser}`} aria-busy={state.matches('parsing') || undefined}>
        Import products (CSV)
        <input
          type="file"
          accept=".csv,text/csv"
          className={visuallyHidden}
          disabled={!state.matches('idle')}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            // Emptied, so choosing the same file again (after fixing it) is a change too.
            event.currentTarget.value = '';
            if (file) send({ type: 'CHOOSE', file });
          }}
        />
      </label>
      <ImportDialog state={state} send={send} />
    </div>
  );
}
