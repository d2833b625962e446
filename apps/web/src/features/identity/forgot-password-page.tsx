import { required } from '@openpractice/domain';
import { useState, type SubmitEvent } from 'react';
import { Link } from 'react-router';

import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { useRequestPasswordReset } from './api';
import { Notice, RequiredTextBox } from './sign-in-controls';

/**
 * `/public/forgotPassword` (issue 21 item 5): a username or email address asks for a link to
 * choose a new password. The answer does not say whether an account matched, so the page shows
 * the server's words and leaves the form for another try. Plain markup, as sign-in's.
 */
export function ForgotPasswordPage() {
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [submitted, setSubmitted] = useState(false);
  const request = useRequestPasswordReset();

  const check = (value: string) => {
    const verdict = required(value);
    return verdict === true ? undefined : verdict;
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const problem = check(username);
    setError(problem);
    if (problem === undefined) request.mutate(username.trim());
  };

  return (
    <div className="sign-in-paper">
      <h1 className="sign-in-title">Forgot your password?</h1>
      <form className="sign-in-form" noValidate onSubmit={onSubmit}>
        <p className="sign-in-text">
          Enter your username or the email address on your account. We will email a link to choose a
          new password; it works once, within an hour.
        </p>
        {request.isSuccess && (
          <Notice severity="info" role="status">
            {request.data.message}
          </Notice>
        )}
        {request.isError && <Notice severity="error">{errorMessage(request.error)}</Notice>}
        <RequiredTextBox
          name="username"
          value={username}
          onChange={(event) => {
            setUsername(event.target.value);
            if (submitted) setError(check(event.target.value));
          }}
          label="Username or email address"
          autoComplete="username"
          autoFocus
          error={error}
        />
        <button type="submit" className="sign-in-button" disabled={request.isPending}>
          Email me a link
        </button>
      </form>
      <p className="sign-in-text">
        <Link to={paths.auth.signIn.getHref()}>Back to sign in</Link>
      </p>
    </div>
  );
}
