import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { formatUsDate, toFieldValidator } from '@openpractice/domain';
import { useId, useState, type SubmitEvent } from 'react';

import { useChangeGroupMembership, type GroupMembership } from '../api/groups';
import { usDateOf, wireDateOf } from '../lib/dates';
import { MESSAGES } from '../lib/messages';
import { useSaveFeedback } from '../lib/use-save-feedback';

const dateRule = toFieldValidator([{ name: 'required' }, { name: 'date' }]);

/** Ends a membership on a given day (today by default; not before the day they joined). */
export function RemoveFromGroupDialog({
  patientId,
  membership,
  onClose,
}: {
  patientId: number;
  membership: GroupMembership;
  onClose: () => void;
}) {
  const remove = useChangeGroupMembership(patientId, 'remove');
  const feedback = useSaveFeedback();
  const [date, setDate] = useState(() => usDateOf(new Date()));
  const [submitted, setSubmitted] = useState(false);
  const titleId = useId();
  const check = dateRule(date.trim());
  const dateError = submitted && check !== true ? check : null;

  const onSubmit = async () => {
    setSubmitted(true);
    const referenceDate = wireDateOf(date);
    if (check !== true || referenceDate === null) return;
    try {
      feedback.saved(await remove.mutateAsync({ groupId: membership.groupId, referenceDate }));
      onClose();
    } catch (error) {
      feedback.failed(MESSAGES.removeFromGroup, error);
    }
  };

  return (
    <Dialog
      open
      onClose={() => {
        if (!remove.isPending) onClose();
      }}
      aria-labelledby={titleId}
    >
      <form
        noValidate
        onSubmit={(event: SubmitEvent) => {
          event.preventDefault();
          void onSubmit();
        }}
      >
        <DialogTitle id={titleId}>Remove from {membership.name}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The client joined on {formatUsDate(membership.joinedOn)}. Their past membership stays in
            the record.
          </DialogContentText>
          <TextField
            label="Left on"
            placeholder="MM/DD/YYYY"
            value={date}
            onChange={(event) => {
              setDate(event.target.value);
            }}
            error={dateError !== null}
            helperText={dateError ?? ' '}
            margin="normal"
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="warning" disabled={remove.isPending}>
            Remove
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
