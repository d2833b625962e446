import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { toFieldValidator } from '@openpractice/domain';
import { useState } from 'react';

import { useChangeGroupMembership, usePracticeGroups } from '../api/groups';
import { usDateOf, wireDateOf } from '../lib/dates';
import { MESSAGES } from '../lib/messages';
import { useLoadErrorToast } from '../lib/use-load-error-toast';
import { useSaveFeedback } from '../lib/use-save-feedback';

const dateRule = toFieldValidator([{ name: 'required' }, { name: 'date' }]);

/** Adds the client to one of the practice's groups from a given day (today by default). */
export function AddToGroupForm({
  patientId,
  excludeIds,
}: {
  patientId: number;
  /** Groups the client is in now. */
  excludeIds: readonly number[];
}) {
  const groups = usePracticeGroups();
  useLoadErrorToast(groups, MESSAGES.loadPracticeGroups, { tryAgain: true });
  const add = useChangeGroupMembership(patientId, 'add');
  const feedback = useSaveFeedback();
  const [groupId, setGroupId] = useState('');
  const [date, setDate] = useState(() => usDateOf(new Date()));
  const [submitted, setSubmitted] = useState(false);

  const choices = (groups.data ?? []).filter((g) => !excludeIds.includes(g.groupId));
  const dateCheck = dateRule(date.trim());
  const groupError = submitted && groupId === '' ? 'This is required.' : null;
  const dateError = submitted && dateCheck !== true ? dateCheck : null;

  const onSubmit = async () => {
    setSubmitted(true);
    const referenceDate = wireDateOf(date);
    if (groupId === '' || dateCheck !== true || referenceDate === null) return;
    try {
      feedback.saved(await add.mutateAsync({ groupId: Number(groupId), referenceDate }));
      setGroupId('');
      setSubmitted(false);
    } catch (error) {
      feedback.failed(MESSAGES.addToGroup, error);
    }
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-label="Add to a group"
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      <Typography component="h3" variant="h6">
        Add to a group
      </Typography>
      {groups.isSuccess && choices.length === 0 ? (
        <Typography>There is no other group to join.</Typography>
      ) : (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: 'flex-start' }}
        >
          <TextField
            select
            label="Group"
            value={groupId}
            onChange={(event) => {
              setGroupId(event.target.value);
            }}
            error={groupError !== null}
            helperText={groupError ?? (groups.isError ? 'The groups could not be loaded.' : ' ')}
            sx={{ minWidth: 260 }}
          >
            {choices.map((group) => (
              <MenuItem key={group.groupId} value={String(group.groupId)}>
                {group.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Joined on"
            placeholder="MM/DD/YYYY"
            value={date}
            onChange={(event) => {
              setDate(event.target.value);
            }}
            error={dateError !== null}
            helperText={dateError ?? ' '}
          />
          <Button type="submit" variant="contained" disabled={add.isPending} sx={{ mt: 1 }}>
            Add to group
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
