import { useId, type SelectHTMLAttributes } from 'react';
import * as fieldStyles from '~/src/ui/Field/Field.css';

interface SelectFieldProps<T extends string> extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  /** What the empty first choice says. */
  placeholder: string;
  choices: readonly T[];
  /** How a choice is shown (a brand by its display name); the choice itself by default. */
  labelOf?(choice: T): string;
  error: string | undefined;
}

/** A labelled choice from a fixed list, its message tied to it like a Field's. */
export function SelectField<T extends string>({
  label,
  placeholder,
  choices,
  labelOf = (choice) => choice,
  error,
  id,
  ...select
}: SelectFieldProps<T>) {
  const generated = useId();
  const selectId = id ?? generated;
  const messageId = `${selectId}-message`;
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={selectId}>
        {label}
      </label>
      <select
        id={selectId}
        className={fieldStyles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? messageId : undefined}
        {...select}
      >
        <option value="">{placeholder}</option>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {labelOf(choice)}
          </option>
        ))}
      </select>
      {error && (
        <p id={messageId} className={fieldStyles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
