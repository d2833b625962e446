import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PORTAL_PASSWORD_MIN_LENGTH } from '@openpractice/domain';
import { useState } from 'react';

import { ApiError, errorMessage } from '../../lib/api-client';
import { useChangePassword } from './api';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
type Errors = Partial<Record<Field, string>>;

const REQUIRED = 'This is required.';

/** The form's own checks; the server checks the password rules again and names the field. */
function check(values: Record<Field, string>): Errors {
  const errors: Errors = {};
  if (!values.currentPassword) errors.currentPassword = REQUIRED;
  if (!values.newPassword) errors.newPassword = REQUIRED;
  else if (values.newPassword.length < PORTAL_PASSWORD_MIN_LENGTH)
    errors.newPassword = `Must be at least ${String(PORTAL_PASSWORD_MIN_LENGTH)} characters`;
  if (values.confirmPassword !== values.newPassword)
    errors.confirmPassword = 'The two new passwords are not the same.';
  return errors;
}

/** The three boxes' values and errors, checked on every change once submitted. */
function usePasswordFields(onEdit: () => void) {
  const [values, setValues] = useState<Record<Field, string>>({
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [checked, setChecked] = useState(false);
  const set = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (checked) setErrors(check(next));
    onEdit();
  };
  return { values, errors, setErrors, setChecked, set };
}

/** A password box's props: its value, and the form's or the server's word on it. */
function passwordBox(
  form: ReturnType<typeof usePasswordFields>,
  field: Field,
  label: string,
  autoComplete: string,
  refusal: Error | null,
) {
  const message = form.errors[field] ?? (refusal ? errorMessage(refusal) : undefined);
  return {
    label,
    type: 'password',
    autoComplete,
    required: true,
    fullWidth: true,
    value: form.values[field],
    onChange: (event: { target: { value: string } }) => {
      form.set(field, event.target.value);
    },
    error: message !== undefined,
    helperText: message ?? ' ',
  };
}

/**
 * 'Change password' from the user menu (issue 21 item 5): the current password, then the new one
 * twice. Once changed, the account's other sessions are signed out and this one stays.
 */
export function ChangePasswordDialog({
  onClose,
  onChanged,
}: {
  onClose: () => void;
  onChanged: (endedSessions: number) => void;
}) {
  const change = useChangePassword();
  const form = usePasswordFields(() => {
    if (change.isError) change.reset();
  });
  const { values, setErrors } = form;
  const busy = change.isPending;
  // A refusal naming a field shows under that field; anything else above the form.
  const failure = change.error;
  const serverField =
    failure instanceof ApiError &&
    (failure.field === 'currentPassword' || failure.field === 'newPassword')
      ? failure.field
      : null;

  const submit = async () => {
    form.setChecked(true);
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const answer = await change.mutateAsync({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      onChanged(answer.endedSessions);
    } catch {
      // Shown from change.error.
    }
  };

  const fieldProps = (field: Field, label: string, autoComplete: string) =>
    passwordBox(form, field, label, autoComplete, serverField === field ? failure : null);

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="change-password-title"
    >
      <DialogTitle id="change-password-title">Change password</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          At least {PORTAL_PASSWORD_MIN_LENGTH} characters, without your username. Your other
          sessions are signed out; this one stays signed in.
        </DialogContentText>
        {failure && serverField === null && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(failure)}
          </Alert>
        )}
        <Stack
          component="form"
          noValidate
          spacing={1}
          sx={{ pt: 1 }}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <TextField
            {...fieldProps('currentPassword', 'Current password', 'current-password')}
            autoFocus
          />
          <TextField {...fieldProps('newPassword', 'New password', 'new-password')} />
          <TextField {...fieldProps('confirmPassword', 'New password again', 'new-password')} />
          {/* Enter in any box submits. */}
          <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy}>
          Change password
        </Button>
      </DialogActions>
    </Dialog>
  );
}
