import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAfterSignInPath } from '~/src/state/session/afterSignInPath';
import { Session } from '~/src/state/session/SessionProvider';
import { loginError } from '~/src/domain/validation/account';
import { Button } from '~/src/ui/Button/Button';
import { Field } from '~/src/ui/Field/Field';
import * as styles from './AuthCard.css';

export default function LoginPage() {
  const session = Session.useActorRef();
  const signedIn = Session.useSelector((s) => s.matches('signedIn'));
  const user = Session.useSelector((s) => s.context.user);
  const busy = Session.useSelector((s) => s.hasTag('busy'));
  const failure = Session.useSelector((s) => s.context.error);
  const navigate = useNavigate();
  const afterSignIn = useAfterSignInPath();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [invalid, setInvalid] = useState<string | undefined>();

  // Only a sign-in made here moves on; a signed-in user sent here by the admin guard stays.
  const [started, setStarted] = useState(false);
  useEffect(() => {
    // Back where the sign-in started, else where /dashboard leads: one navigation, which nothing can interrupt halfway.
    if (started && signedIn) navigate(afterSignIn(user), { replace: true });
  }, [started, signedIn, user, navigate, afterSignIn]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = loginError(email, password);
    setInvalid(problem);
    if (problem) return;
    setStarted(true);
    session.send({ type: 'SIGN_IN', email: email.trim(), password, remember });
  };

  const message = invalid ?? failure;
  return (
    <section className={styles.card} aria-labelledby="login-title">
      <h1 id="login-title" className={styles.title}>
        Sign in
      </h1>
      <form className={styles.form} onSubmit={submit} noValidate>
        <Field label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className={styles.row}>
          <label className={styles.checkbox}>
            <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
            Remember me
          </label>
          <Link className={styles.link} to="/resetPassword">
            Forgot Password? Click here
          </Link>
        </div>
        {message && (
          <p role="alert" className={styles.alert}>
            {message}
          </p>
        )}
        <Button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
      <div className={styles.divider}>or</div>
      <Button
        variant="secondary"
        disabled={busy}
        onClick={() => {
          setStarted(true);
          session.send({ type: 'SIGN_IN_WITH_GOOGLE' });
        }}
      >
        Sign In with Google
      </Button>
      <p className={styles.fine}>
        <Link className={styles.link} to="/register">
          don't have an account? sign Up here
        </Link>
      </p>
    </section>
  );
}
