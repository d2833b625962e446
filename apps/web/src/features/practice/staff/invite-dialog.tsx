import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { email as emailRule, REQUIRED_MESSAGE } from '@openpractice/domain';
import { useState } from 'react';

import { ApiError, errorMessage } from '../../../lib/api-client';
import { useNotify } from '../../../ui/snackbar/use-notify';
import { useInviteStaff } from './api';
import { RoleChecklist } from './role-checklist';

type Errors = Partial<
  Record<'firstName' | 'lastName' | 'email' | 'username' | 'authorities', string>
>;

/** Invite a staff member: their account is created and an activation email goes out. */
export function InviteDialog({
  open,
  onClose,
  grantable,
}: {
  open: boolean;
  onClose: () => void;
  grantable: readonly string[];
}) {
  const invite = useInviteStaff();
  const notify = useNotify();
  const [form, setForm] = useState({ firstName: '', lastName: '', email: '', username: '' });
  const [roles, setRoles] = useState<string[]>([]);
  const [errors, setErrors] = useState<Errors>({});

  const field = (name: keyof typeof form, label: string, helper?: string) => (
    <TextField
      label={label}
      value={form[name]}
      required={name !== 'username'}
      onChange={(event) => {
        setForm({ ...form, [name]: event.target.value });
      }}
      error={errors[name] !== undefined}
      helperText={errors[name] ?? helper}
      fullWidth
    />
  );

  const submit = async () => {
    const found: Errors = {};
    if (!form.firstName.trim()) found.firstName = REQUIRED_MESSAGE;
    if (!form.lastName.trim()) found.lastName = REQUIRED_MESSAGE;
    const emailVerdict = form.email.trim() ? emailRule(form.email.trim()) : REQUIRED_MESSAGE;
    if (emailVerdict !== true) found.email = emailVerdict;
    if (roles.length === 0) found.authorities = 'Choose at least one role.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const answer = await invite.mutateAsync({
        firstName: form.firstName,
        lastName: form.lastName,
        email: form.email,
        username: form.username.trim() || null,
        authorities: roles as never,
      });
      notify.success(
        answer.email === 'logged'
          ? 'Invitation created. No mail server is set up, so the email is kept in the email log.'
          : 'Invitation sent.',
      );
      setForm({ firstName: '', lastName: '', email: '', username: '' });
      setRoles([]);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.field) {
        const key = error.field.split('.')[0] as keyof Errors;
        setErrors({ [key]: error.message });
      }
    }
  };

  const failure = invite.error;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Invite a staff member</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {failure && !(failure instanceof ApiError && failure.field) && (
            <Alert severity="error">{errorMessage(failure)}</Alert>
          )}
          {field('firstName', 'First name')}
          {field('lastName', 'Last name')}
          {field('email', 'Email', 'The activation email goes here.')}
          {field('username', 'Username', 'Leave blank to sign in with the email address.')}
          <RoleChecklist
            value={roles}
            onChange={setRoles}
            grantable={grantable}
            error={errors.authorities}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={invite.isPending}>
          Send invitation
        </Button>
      </DialogActions>
    </Dialog>
  );
}
