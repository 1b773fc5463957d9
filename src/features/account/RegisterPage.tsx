import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAfterSignInPath } from '~/src/state/session/afterSignInPath';
import { Session } from '~/src/state/session/SessionProvider';
import { registrationFieldErrors, validateRegistration, type Registration } from '~/src/domain/validation/account';
import { Button } from '~/src/ui/Button/Button';
import { Field } from '~/src/ui/Field/Field';
import * as styles from './AuthCard.css';

const EMPTY: Registration = { email: '', username: '', password: '', confirm: '' };

export default function RegisterPage() {
  const session = Session.useActorRef();
  const signedIn = Session.useSelector((s) => s.matches('signedIn'));
  const user = Session.useSelector((s) => s.context.user);
  const busy = Session.useSelector((s) => s.hasTag('busy'));
  const failure = Session.useSelector((s) => s.context.error);
  const navigate = useNavigate();
  const afterSignIn = useAfterSignInPath();
  const [values, setValues] = useState(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<keyof Registration, boolean>>>({});
  const [formError, setFormError] = useState<string | undefined>();

  // Only a sign-in made here moves on; a signed-in user sent here by the admin guard stays.
  const [started, setStarted] = useState(false);
  useEffect(() => {
    // Back where the sign-in started, else where /dashboard leads: one navigation, which nothing can interrupt halfway.
    if (started && signedIn) navigate(afterSignIn(user), { replace: true });
  }, [started, signedIn, user, navigate, afterSignIn]);

  const errors = registrationFieldErrors(values);
  const shown = (field: keyof Registration) => (touched[field] ? errors[field] : undefined);
  const bind = (field: keyof Registration) => ({
    value: values[field],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value })),
    onBlur: () => setTouched((t) => ({ ...t, [field]: true })),
    error: shown(field),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateRegistration(values);
    setTouched({ email: true, username: true, password: true, confirm: true });
    setFormError(result.form);
    if (!result.valid) return;
    setStarted(true);
    session.send({ type: 'REGISTER', email: values.email.trim(), username: values.username, password: values.password });
  };

  const message = formError ?? failure;
  return (
    <section className={styles.card} aria-labelledby="register-title">
      <h1 id="register-title" className={styles.title}>
        Create your account
      </h1>
      <form className={styles.form} onSubmit={submit} noValidate>
        <Field label="Email" type="email" autoComplete="email" {...bind('email')} />
        <Field label="Username" autoComplete="username" {...bind('username')} />
        <Field label="Password" type="password" autoComplete="new-password" {...bind('password')} />
        <Field label="Confirm password" type="password" autoComplete="new-password" {...bind('confirm')} />
        <p className={styles.fine}>
          By registering you accept our Terms of Service and our Privacy Policy: we keep your account, cart, favourites and orders to run
          the shop, and never sell your data.
        </p>
        {message && (
          <p role="alert" className={styles.alert}>
            {message}
          </p>
        )}
        <Button type="submit" disabled={busy}>
          {busy ? 'Registering…' : 'Register'}
        </Button>
      </form>
      <p className={styles.fine}>
        Already have an account?{' '}
        <Link className={styles.link} to="/login">
          Sign in
        </Link>
      </p>
    </section>
  );
}
