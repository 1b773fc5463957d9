import { useId, type SelectHTMLAttributes } from 'react';
import * as fieldStyles from '../../ui/Field/Field.css';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  /** What the empty first choice says. */
  placeholder: string;
  choices: readonly string[];
  error: string | undefined;
}

/** A labelled choice from a fixed list, its message tied to it like a Field's. */
export function SelectField({ label, placeholder, choices, error, id, ...select }: SelectFieldProps) {
  const generated = useId();
  const selectId = id ?? generated;
  const messageId = `${selectId}-message`;
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={selectId}>
        {label}
      </label>
      <select id={selectId} className={fieldStyles.input} aria-invalid={error ? true : undefined} aria-describedby={error ? messageId : undefined} {...select}>
        <option value="">{placeholder}</option>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
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
