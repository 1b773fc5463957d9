import { useState, type FormEvent } from 'react';
import type { ShippingAddress } from '../../domain/address';
import { shippingFieldError, validateShipping } from '../../domain/validation/shipping';
import { Button } from '../../ui/Button/Button';
import { Field } from '../../ui/Field/Field';
import * as styles from './CartPage.css';

const FIELDS: { key: keyof ShippingAddress; label: string }[] = [
  { key: 'country', label: 'COUNTRY' },
  { key: 'state', label: 'STATE' },
  { key: 'address', label: 'ADDRESS' },
  { key: 'street', label: 'STREET' },
];

/** The shipping form of spec section 5: every rule and message; Next only when all pass. */
export function ShippingForm({ onNext }: { onNext(address: ShippingAddress): void }) {
  const [values, setValues] = useState<ShippingAddress>({ country: '', state: '', address: '', street: '' });
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
          onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
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
