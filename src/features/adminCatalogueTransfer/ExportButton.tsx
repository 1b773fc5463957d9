import { useState } from 'react';
import { Button } from '~/src/ui/Button/Button';
import * as styles from './CatalogueTransfer.css';

/** A button that builds a file and hands it over; while it works it waits, and a failure says so beside it, with Retry. */
export function ExportButton({ label, failure, run }: { label: string; failure: string; run(): Promise<void> }) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const start = async () => {
    if (state === 'busy') return;
    setState('busy');
    try {
      await run();
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <span className={styles.exporter}>
      <Button variant="secondary" onClick={start} aria-disabled={state === 'busy' || undefined} aria-busy={state === 'busy' || undefined}>
        {label}
      </Button>
      {state === 'failed' && (
        <span role="alert" className={styles.alert}>
          {failure}{' '}
          <Button variant="ghost" onClick={start}>
            Retry
          </Button>
        </span>
      )}
    </span>
  );
}
