import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatUsDate } from '@openpractice/domain';
import { useState } from 'react';

import { useGroupMemberships, type GroupMembership } from '../api/groups';
import { LoadFailed } from '../lib/load-failed';
import { MESSAGES } from '../lib/messages';
import { SectionSpinner } from '../lib/section-spinner';
import { useLoadErrorToast } from '../lib/use-load-error-toast';
import { AddToGroupForm } from './add-to-group-form';
import { RemoveFromGroupDialog } from './remove-from-group-dialog';

/** The therapy groups the client belongs (or belonged) to; joining and leaving. */
export function GroupsTab({
  patientId,
  canEdit,
  isGroup,
}: {
  patientId: number;
  canEdit: boolean;
  isGroup: boolean;
}) {
  const memberships = useGroupMemberships(patientId);
  useLoadErrorToast(memberships, MESSAGES.loadGroups);
  const [leaving, setLeaving] = useState<GroupMembership | null>(null);

  if (memberships.isPending) return <SectionSpinner />;
  if (memberships.isLoadingError) return <LoadFailed onRetry={() => void memberships.refetch()} />;
  const rows = memberships.data;
  const currentIds = rows.filter((m) => m.leftOn === null).map((m) => m.groupId);

  return (
    <Stack spacing={3}>
      {rows.length === 0 ? (
        <Typography>The client is not in any group.</Typography>
      ) : (
        <Table size="small" aria-label="Group memberships" sx={{ maxWidth: 720 }}>
          <TableHead>
            <TableRow>
              <TableCell>Group</TableCell>
              <TableCell>Joined</TableCell>
              <TableCell>Left</TableCell>
              {canEdit && <TableCell>Actions</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((membership) => (
              <TableRow key={membership.groupId}>
                <TableCell>{membership.name}</TableCell>
                <TableCell>{formatUsDate(membership.joinedOn)}</TableCell>
                <TableCell>{formatUsDate(membership.leftOn, 'Current member')}</TableCell>
                {canEdit && (
                  <TableCell>
                    {membership.leftOn === null && (
                      <Button
                        size="small"
                        onClick={() => {
                          setLeaving(membership);
                        }}
                        aria-label={`Remove from ${membership.name}`}
                      >
                        Remove
                      </Button>
                    )}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {canEdit && !isGroup && <AddToGroupForm patientId={patientId} excludeIds={currentIds} />}
      {leaving && (
        <RemoveFromGroupDialog
          patientId={patientId}
          membership={leaving}
          onClose={() => {
            setLeaving(null);
          }}
        />
      )}
    </Stack>
  );
}
