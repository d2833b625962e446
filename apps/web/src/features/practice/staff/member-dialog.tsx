import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ACCOUNT_STATUS_LABELS } from '@openpractice/domain';
import { useState } from 'react';

import { ApiError, errorMessage } from '../../../lib/api-client';
import { useConfirm } from '../../../ui/confirm/use-confirm';
import { useNotify } from '../../../ui/snackbar/use-notify';
import {
  useStaffAction,
  useUpdateStaffDetails,
  useUpdateStaffRoles,
  type StaffAction,
  type StaffMember,
} from './api';
import { RoleChecklist } from './role-checklist';
import { AgentTherapistsForm, TherapistForm, type TherapistOption } from './therapist-form';

const ACTION_DONE: Record<StaffAction, string> = {
  resendActivation: 'Activation email sent again.',
  resetPassword: 'Password reset email sent.',
  disable: 'Account disabled. Their sessions have ended.',
  enable: 'Account enabled.',
};

function DetailsForm({ member, disabled }: { member: StaffMember; disabled: boolean }) {
  const save = useUpdateStaffDetails();
  const notify = useNotify();
  const [form, setForm] = useState({
    firstName: member.firstName,
    lastName: member.lastName,
    email: member.email ?? '',
    professionalName: member.professionalName,
  });
  const fieldError = save.error instanceof ApiError ? save.error.field : undefined;
  const field = (name: keyof typeof form, label: string) => (
    <TextField
      label={label}
      value={form[name]}
      onChange={(event) => {
        setForm({ ...form, [name]: event.target.value });
      }}
      error={fieldError === name}
      helperText={fieldError === name ? errorMessage(save.error) : undefined}
      disabled={disabled}
      fullWidth
    />
  );
  return (
    <Stack spacing={2}>
      {save.error && fieldError === undefined && (
        <Alert severity="error">{errorMessage(save.error)}</Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('firstName', 'First name')}
        {field('lastName', 'Last name')}
      </Stack>
      {field('email', 'Email')}
      {field('professionalName', 'Professional name')}
      <Button
        variant="contained"
        sx={{ alignSelf: 'flex-start' }}
        disabled={disabled || save.isPending}
        onClick={() =>
          void save
            .mutateAsync({ userId: member.userId, ...form })
            .then(() => notify.success('Details saved.'))
            .catch(() => undefined)
        }
      >
        Save details
      </Button>
    </Stack>
  );
}

function RolesForm({
  member,
  grantable,
  isMe,
}: {
  member: StaffMember;
  grantable: readonly string[];
  isMe: boolean;
}) {
  const save = useUpdateStaffRoles();
  const notify = useNotify();
  const [roles, setRoles] = useState<string[]>(member.authorities);
  // Nobody raises their own roles: on one's own account only held roles can be unticked.
  const allowed = isMe ? grantable.filter((a) => member.authorities.includes(a)) : grantable;
  return (
    <Stack spacing={2}>
      <RoleChecklist
        value={roles}
        onChange={setRoles}
        grantable={member.manageable || isMe ? allowed : []}
        held={member.authorities}
        error={save.error ? errorMessage(save.error) : undefined}
      />
      <Button
        variant="contained"
        sx={{ alignSelf: 'flex-start' }}
        disabled={(!member.manageable && !isMe) || save.isPending}
        onClick={() =>
          void save
            .mutateAsync({ userId: member.userId, authorities: roles as never })
            .then(() => notify.success('Roles saved.'))
            .catch(() => undefined)
        }
      >
        Save roles
      </Button>
    </Stack>
  );
}

function AccountActions({
  member,
  isMe,
  onChanged,
}: {
  member: StaffMember;
  isMe: boolean;
  onChanged: (member: StaffMember) => void;
}) {
  const act = useStaffAction();
  const confirm = useConfirm();
  const notify = useNotify();
  // Disabling replaces the focused button with 'Enable account'; focus follows it so that
  // keyboard users (and Escape) stay inside the dialog instead of dropping to the page.
  const [focusEnable, setFocusEnable] = useState(false);
  const run = (action: StaffAction) =>
    act
      .mutateAsync({ userId: member.userId, action })
      .then((answer) => {
        setFocusEnable(action === 'disable');
        onChanged(answer.data);
        notify.success(ACTION_DONE[action]);
      })
      .catch((error: unknown) => notify.error(errorMessage(error)));
  const pending = ['INITIAL', 'ACTIVATION_LINK_SENT'].includes(member.accountStatus);
  const disabled = member.accountStatus === 'DISABLED';
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap flexWrap="wrap">
      {!disabled && pending && (
        <Button variant="outlined" onClick={() => void run('resendActivation')}>
          Resend activation email
        </Button>
      )}
      {!disabled && !pending && (
        <Button variant="outlined" onClick={() => void run('resetPassword')}>
          Send password reset
        </Button>
      )}
      {!disabled && !isMe && (
        <Button
          variant="outlined"
          color="error"
          onClick={() =>
            void confirm({
              title: 'Disable this account?',
              message: `${member.firstName} ${member.lastName} will be signed out at once and cannot sign in until the account is enabled again.`,
              confirmText: 'Disable',
              color: 'error',
            }).then((yes) => (yes ? run('disable') : undefined))
          }
        >
          Disable account
        </Button>
      )}
      {disabled && (
        <Button variant="outlined" autoFocus={focusEnable} onClick={() => void run('enable')}>
          Enable account
        </Button>
      )}
    </Stack>
  );
}

/** One staff member: details, roles, therapist details, account actions. */
export function MemberDialog({
  member,
  grantable,
  me,
  therapists,
  onChanged,
  onClose,
}: {
  member: StaffMember;
  grantable: readonly string[];
  me: number;
  therapists: readonly TherapistOption[];
  /** The account as the server answered an action, for a dialog whose member left the list. */
  onChanged: (member: StaffMember) => void;
  onClose: () => void;
}) {
  const isMe = member.userId === me;
  const locked = !member.manageable && !isMe;
  const therapist = member.therapist;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" scroll="body">
      <DialogTitle>
        {member.firstName} {member.lastName}
        <Typography component="span" color="text.secondary" sx={{ display: 'block' }}>
          {member.username} · {ACCOUNT_STATUS_LABELS[member.accountStatus]}
        </Typography>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={3}>
          {locked && (
            <Alert severity="info">
              This person holds roles you cannot grant, so you cannot change their account.
            </Alert>
          )}
          {member.type === 'agent' ? (
            <AgentTherapistsForm member={member} therapists={therapists} />
          ) : (
            <>
              <DetailsForm member={member} disabled={locked} />
              <Divider />
              <Typography component="h2" variant="h6">
                Roles
              </Typography>
              <RolesForm member={member} grantable={grantable} isMe={isMe} />
              {therapist && (
                <>
                  <Divider />
                  <Typography component="h2" variant="h6">
                    Therapist
                  </Typography>
                  <TherapistForm
                    member={{ ...member, therapist }}
                    therapists={therapists}
                    disabled={locked}
                  />
                </>
              )}
              {!locked && (
                <>
                  <Divider />
                  <Typography component="h2" variant="h6">
                    Account
                  </Typography>
                  <AccountActions member={member} isMe={isMe} onChanged={onChanged} />
                </>
              )}
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
