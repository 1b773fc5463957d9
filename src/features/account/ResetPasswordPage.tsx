import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { authProvider } from '~/src/auth/loadProvider';
import { authErrorMessage } from '~/src/domain/authMessages';
import { resetPasswordError } from '~/src/domain/validation/account';
import { Button } from '~/src/ui/Button/Button';
import { Field } from '~/src/ui/Field/Field';
import * as styles from './AuthCard.css';

type Outcome = { kind: 'error' | 'sent'; message: string } | null;

export default function ResetPasswordPage() {
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = resetPasswordError(email);
    if (problem) return setOutcome({ kind: 'error', message: problem });
    setSending(true);
    try {
      await (await authProvider()).sendPasswordReset(email.trim());
      setOutcome({ kind: 'sent', message: 'we sent you an email with a link to reset' });
    } catch (error) {
      setOutcome({ kind: 'error', message: authErrorMessage(error as object) });
    } finally {
      setSending(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="reset-title">
      <h1 id="reset-title" className={styles.title}>
        Reset Password
      </h1>
      <form className={styles.form} onSubmit={submit} noValidate>
        <Field label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        {outcome && (
          <p role={outcome.kind === 'error' ? 'alert' : 'status'} className={outcome.kind === 'error' ? styles.alert : styles.success}>
            {outcome.message}
          </p>
        )}
        <Button type="submit" disabled={sending}>
          Get Email to reset password
        </Button>
      </form>
      <p className={styles.fine}>
        <Link className={styles.link} to="/login">
          Back to sign in
        </Link>
      </p>
    </section>
  );
}
