import { required } from '@openpractice/domain';
import { useRef, useState, type SubmitEvent } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';

import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { safeNextPath } from '../../lib/safe-next';
import { useIdentity, useSignIn } from './api';
import { LabelledCheckbox, Notice, RequiredTextBox } from './sign-in-controls';
import { SsoSignIn } from './sso-sign-in';

interface Credentials {
  username: string;
  password: string;
}

type CredentialErrors = Partial<Record<keyof Credentials, string>>;

function validate(values: Credentials): CredentialErrors {
  const errors: CredentialErrors = {};
  for (const name of ['username', 'password'] as const) {
    const verdict = required(values[name]);
    if (verdict !== true) errors[name] = verdict;
  }
  return errors;
}

export const IDLE_SIGN_OUT_MESSAGE = 'You were signed out because you were inactive.';
export const DEMO_MODE_MESSAGE =
  'This is a demo: its accounts share a published password (see the README). Do not enter real client information.';

/** `/public/login`: sign in, then go to `?next=` (an in-app path) or home. */
export function LoginPage({ demoMode = false }: { demoMode?: boolean }) {
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const signedOutForIdleness = searchParams.get('reason') === 'idle';

  const identity = useIdentity();
  const signIn = useSignIn();
  // Plain state rather than a form library: this page's script is on the budget of the first
  // visit (issue 14). As with the other forms: checked on submit, then again on every change.
  const [values, setValues] = useState<Credentials>({ username: '', password: '' });
  const [keepSignedIn, setKeepSignedIn] = useState(false);
  const [errors, setErrors] = useState<CredentialErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const usernameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  if (identity.data?.isAuthenticated) return <Navigate to={next} replace />;

  const change = (name: keyof Credentials, value: string) => {
    const nextValues = { ...values, [name]: value };
    setValues(nextValues);
    if (submitted) setErrors(validate(nextValues));
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    if (found.username || found.password) {
      (found.username ? usernameInput : passwordInput).current?.focus();
      return;
    }
    signIn.mutate({
      user_username: values.username.trim(),
      user_password: values.password,
      user_rememberme: keepSignedIn ? 'remember_me' : 'remember_tillclose',
    });
  };

  // Plain markup rather than MUI (sign-in-controls.tsx): the first visit's budget (issue 14).
  return (
    <div className="sign-in-paper">
      <h1 className="sign-in-title">Sign in</h1>
      <form className="sign-in-form" noValidate onSubmit={onSubmit}>
        {demoMode && (
          <Notice severity="warning" role="note">
            {DEMO_MODE_MESSAGE}
          </Notice>
        )}
        {signedOutForIdleness && !signIn.isError && (
          <Notice severity="info" role="status">
            {IDLE_SIGN_OUT_MESSAGE}
          </Notice>
        )}
        {signIn.isError && <Notice severity="error">{errorMessage(signIn.error)}</Notice>}
        <RequiredTextBox
          name="username"
          value={values.username}
          onChange={(event) => {
            change('username', event.target.value);
          }}
          ref={usernameInput}
          label="Username"
          autoComplete="username"
          autoFocus
          error={errors.username}
        />
        <RequiredTextBox
          name="password"
          value={values.password}
          onChange={(event) => {
            change('password', event.target.value);
          }}
          ref={passwordInput}
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password}
        />
        <LabelledCheckbox
          label="Keep me signed in"
          name="keepSignedIn"
          checked={keepSignedIn}
          onChange={setKeepSignedIn}
        />
        <button type="submit" className="sign-in-button" disabled={signIn.isPending}>
          Sign in
        </button>
        <p className="sign-in-text">
          <Link to={paths.auth.forgotPassword.getHref()}>Forgot password?</Link>
        </p>
      </form>
      <hr className="sign-in-or" />
      <SsoSignIn keepSignedIn={keepSignedIn} errorCode={searchParams.get('sso_error')} />
    </div>
  );
}
