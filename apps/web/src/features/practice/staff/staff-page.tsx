import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ACCOUNT_STATUS_LABELS, STAFF_AUTHORITIES } from '@openpractice/domain';
import { useMemo, useState } from 'react';

import { errorMessage } from '../../../lib/api-client';
import { PageSpinner } from '../../../ui/page-spinner';
import { useShowInactive, useStaff, type StaffMember } from './api';
import { InviteDialog } from './invite-dialog';
import { MemberDialog } from './member-dialog';

const roleLabel = (authority: string) =>
  STAFF_AUTHORITIES.find((a) => a.authority === authority)?.label ?? authority;

/** `/practice/settings/staff`: the practice's staff accounts, for managers and staff administrators. */
export function StaffPage() {
  const [showInactive, setShowInactive] = useShowInactive();
  const staff = useStaff(showInactive);
  const [inviting, setInviting] = useState(false);
  // The member as they were when opened: a member who leaves the list (disabled while inactive
  // staff are hidden) keeps their dialog until it is closed, rather than vanishing with it and
  // coming back the moment the list shows them again.
  const [opened, setOpened] = useState<StaffMember | null>(null);
  const members = useMemo(() => staff.data?.data ?? [], [staff.data]);
  const therapists = useMemo(
    () =>
      members.flatMap((m) =>
        m.therapist
          ? [{ therapistId: m.therapist.therapistId, name: `${m.firstName} ${m.lastName}` }]
          : [],
      ),
    [members],
  );
  const open = opened ? (members.find((m) => m.userId === opened.userId) ?? opened) : undefined;

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between' }}
      >
        <Typography component="h1" variant="h4">
          Staff
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <FormControlLabel
            control={
              <Switch
                checked={showInactive}
                onChange={(_e, on) => {
                  setShowInactive(on);
                }}
              />
            }
            label="Show inactive"
          />
          <Button
            variant="contained"
            onClick={() => {
              setInviting(true);
            }}
            disabled={!staff.data}
          >
            Invite staff member
          </Button>
        </Stack>
      </Stack>
      {staff.isPending && <PageSpinner label="Loading staff" />}
      {staff.isError && (
        <LoadError
          error={staff.error}
          onRetry={() => {
            void staff.refetch();
          }}
        />
      )}
      {staff.data && members.length === 0 && (
        <Typography color="text.secondary">No staff to show.</Typography>
      )}
      {members.length > 0 && (
        <StaffTable
          members={members}
          onOpen={(member) => {
            setOpened(member);
          }}
        />
      )}
      {staff.data && (
        <InviteDialog
          open={inviting}
          onClose={() => {
            setInviting(false);
          }}
          grantable={staff.data.grantable}
        />
      )}
      {open && staff.data && (
        <MemberDialog
          key={open.userId}
          member={open}
          grantable={staff.data.grantable}
          me={staff.data.me}
          therapists={therapists}
          onChanged={setOpened}
          onClose={() => {
            setOpened(null);
          }}
        />
      )}
    </Stack>
  );
}

function StaffTable({
  members,
  onOpen,
}: {
  members: readonly StaffMember[];
  onOpen: (member: StaffMember) => void;
}) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Staff">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Username</TableCell>
            <TableCell>Roles</TableCell>
            <TableCell>Status</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {members.map((member) => (
            <StaffRow
              key={member.userId}
              member={member}
              onOpen={() => {
                onOpen(member);
              }}
            />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try Again
        </Button>
      }
    >
      {errorMessage(error)}
    </Alert>
  );
}

function StaffRow({ member, onOpen }: { member: StaffMember; onOpen: () => void }) {
  return (
    <TableRow hover>
      <TableCell>
        <Link component="button" type="button" onClick={onOpen} sx={{ textAlign: 'left' }}>
          {member.lastName}, {member.firstName}
        </Link>
      </TableCell>
      <TableCell sx={{ wordBreak: 'break-all' }}>{member.username}</TableCell>
      <TableCell>
        {member.type === 'agent' ? 'External agent' : member.authorities.map(roleLabel).join(', ')}
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          label={ACCOUNT_STATUS_LABELS[member.accountStatus]}
          variant={member.accountStatus === 'ENABLED' ? 'filled' : 'outlined'}
        />
      </TableCell>
    </TableRow>
  );
}
