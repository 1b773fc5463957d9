import { useEffect, useState, type ComponentType } from 'react';
import { DESCRIPTION_TEXT_MAX, readableDescription } from '~/src/domain/description';
import { ErrorState } from '~/src/ui/ErrorState/ErrorState';
import * as fieldStyles from '~/src/ui/Field/Field.css';
import { Spinner } from '~/src/ui/Spinner/Spinner';
import type { DescriptionEditorProps } from './DescriptionEditor';
import * as styles from './ProductForm.css';

type Loaded = { status: 'loading' } | { status: 'ready'; Editor: ComponentType<DescriptionEditorProps> } | { status: 'failed' };

/** The editor's code (Tiptap) is fetched when the form first shows it, so only the admin form ever loads it. */
function useDescriptionEditor() {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    setLoaded({ status: 'loading' });
    import('./DescriptionEditor').then(
      (module) => current && setLoaded({ status: 'ready', Editor: module.default }),
      () => current && setLoaded({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);
  return { loaded, retry: () => setAttempt((n) => n + 1) };
}

/** 'Description': HTML written in the rich-text editor, its length counted on the text a person reads. */
export function DescriptionField({
  id,
  value,
  error,
  disabled,
  onChange,
}: {
  id: string;
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange(html: string): void;
}) {
  const { loaded, retry } = useDescriptionEditor();
  const labelId = `${id}-label`;
  const messageId = `${id}-message`;
  const countId = `${id}-count`;
  const focusEditor = () => document.getElementById(id)?.focus();
  return (
    <div className={fieldStyles.field}>
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- a label's click for an editor no <label> can name; keys reach it by Tab */}
      <span id={labelId} className={fieldStyles.label} onClick={focusEditor}>
        Description
      </span>
      {loaded.status === 'ready' ? (
        <loaded.Editor
          id={id}
          labelId={labelId}
          describedBy={error ? `${messageId} ${countId}` : countId}
          invalid={!!error}
          disabled={disabled}
          value={value}
          onChange={onChange}
        />
      ) : loaded.status === 'loading' ? (
        <Spinner label="Loading the description editor" />
      ) : (
        <ErrorState message="The description editor could not be loaded." onRetry={retry} />
      )}
      {error && (
        <p id={messageId} className={fieldStyles.error}>
          {error}
        </p>
      )}
      <p id={countId} className={styles.count}>
        {readableDescription(value).length} / {DESCRIPTION_TEXT_MAX} characters
      </p>
    </div>
  );
}
