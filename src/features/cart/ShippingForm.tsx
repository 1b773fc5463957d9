import { useState, type FormEvent } from 'react';
import type { ShippingAddress } from '~/src/domain/address';
import { shippingFieldError, validateShipping } from '~/src/domain/validation/shipping';
import { Button } from '~/src/ui/Button/Button';
import { Field } from '~/src/ui/Field/Field';
import * as styles from './CartPage.css';

const FIELDS: { key: keyof ShippingAddress; label: string }[] = [
  { key: 'country', label: 'COUNTRY' },
  { key: 'state', label: 'STATE' },
  { key: 'address', label: 'ADDRESS' },
  { key: 'street', label: 'STREET' },
];

const EMPTY: ShippingAddress = { country: '', state: '', address: '', street: '' };

/**
 * The shipping form of spec section 5: every rule and message; Next only
 * when all pass. It starts from `initial` (what was typed before) and tells
 * `onType` each change, so the fields can be kept.
 */
export function ShippingForm({
  initial,
  onType,
  onNext,
}: {
  initial: ShippingAddress | null;
  onType(address: ShippingAddress): void;
  onNext(address: ShippingAddress): void;
}) {
  const [values, setValues] = useState<ShippingAddress>(initial ?? EMPTY);
  const [formError, setFormError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateShipping(values);
    setFormError(result.form);
    if (result.valid) onNext(values);
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Shipping">
      {FIELDS.map(({ key, label }) => (
        <Field
          key={key}
          label={label}
          value={values[key]}
          inputMode={key === 'street' ? 'numeric' : undefined}
          onChange={(e) => {
            const next = { ...values, [key]: e.target.value };
            setValues(next);
            onType(next);
          }}
          error={shippingFieldError(key, values[key])}
        />
      ))}
      {formError && (
        <p role="alert" className={styles.alert}>
          {formError}
        </p>
      )}
      <Button type="submit">Next</Button>
    </form>
  );
}
