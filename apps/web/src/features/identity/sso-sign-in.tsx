import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type { SsoSignInError, startSsoSignIn } from '@openpractice/contracts/identity-sso';
import { required } from '@openpractice/domain';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type SubmitEvent } from 'react';

import { apiPaths } from '../../config/paths';
import { api, errorMessage } from '../../lib/api-client';
import { Notice, RequiredTextBox } from './sign-in-controls';

/**
 * 'Use single sign-on' (issue 16 item 7): the work email's domain names the practice,
 * the browser goes to the practice's identity provider and comes back signed in, or back here
 * with `?sso_error=` saying why not. Plain markup like the rest of the sign-in page (its budget).
 */
export const SSO_ERROR_MESSAGES: Record<SsoSignInError, string> = {
  expired: 'That single sign-on attempt expired or was already used. Please try again.',
  provider:
    "Your practice's sign-in provider did not complete the sign-in. Try again, or ask your practice manager.",
  unverified:
    'Your sign-in provider did not confirm your email address, so we cannot sign you in with it.',
  no_account:
    'No active staff account of this practice uses that email address. Ask your practice manager.',
  unavailable: 'Single sign-on is not available for this practice right now.',
};

export function ssoErrorMessage(code: string | null): string | null {
  if (code === null) return null;
  return code in SSO_ERROR_MESSAGES
    ? SSO_ERROR_MESSAGES[code as SsoSignInError]
    : SSO_ERROR_MESSAGES.provider;
}

const startSso = (body: BodyOf<typeof startSsoSignIn>) =>
  api.post<ResponseOf<typeof startSsoSignIn>>(apiPaths.ssoStart, body);

export function SsoSignIn({
  keepSignedIn,
  errorCode,
}: {
  keepSignedIn: boolean;
  errorCode: string | null;
}) {
  const [open, setOpen] = useState(errorCode !== null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const start = useMutation({
    mutationFn: startSso,
    onSuccess: (answer) => {
      window.location.assign(answer.authorizationUrl);
    },
  });
  const returned = ssoErrorMessage(errorCode);

  if (!open) {
    return (
      <button
        type="button"
        className="sign-in-button sign-in-button--outlined"
        onClick={() => {
          setOpen(true);
        }}
      >
        Use single sign-on
      </button>
    );
  }

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const verdict = required(email);
    if (verdict !== true) {
      setError(verdict);
      input.current?.focus();
      return;
    }
    setError(undefined);
    start.mutate({ email: email.trim(), rememberMe: keepSignedIn });
  };

  return (
    <form
      className="sign-in-form sign-in-sso"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="sign-in-sso-title"
    >
      <h2 id="sign-in-sso-title" className="sign-in-subtitle">
        Single sign-on
      </h2>
      <p className="sign-in-hint">
        Enter your work email: you will sign in with your practice&apos;s account (for example
        Google Workspace or Microsoft).
      </p>
      {returned !== null && !start.isError && <Notice severity="error">{returned}</Notice>}
      {start.isError && <Notice severity="error">{errorMessage(start.error)}</Notice>}
      <RequiredTextBox
        name="ssoEmail"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
        }}
        ref={input}
        label="Work email"
        type="email"
        autoComplete="email"
        autoFocus={errorCode === null}
        error={error}
      />
      <button
        type="submit"
        className="sign-in-button sign-in-button--outlined"
        disabled={start.isPending || start.isSuccess}
      >
        Continue with single sign-on
      </button>
    </form>
  );
}
