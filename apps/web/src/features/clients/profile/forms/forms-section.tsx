import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatUsDate } from '@openpractice/domain';
import { useId } from 'react';

import { useAutoAssignForms, usePendingForms } from '../api/forms';
import { LoadFailed } from '../lib/load-failed';
import { MESSAGES } from '../lib/messages';
import { useLoadErrorToast } from '../lib/use-load-error-toast';
import { useSaveFeedback } from '../lib/use-save-feedback';

export const ASSIGN_AUTOMATIC_FORMS = 'Assign automatic forms';

/** 'Assigned 1 form: Intake questionnaire.' / 'Assigned 2 forms: A, B.' */
export function assignedMessage(names: readonly string[]): string {
  return `Assigned ${names.length} ${names.length === 1 ? 'form' : 'forms'}: ${names.join(', ')}.`;
}

/**
 * The client's pending forms, and "Assign automatic forms" (the practice's
 * auto-assign forms the client does not have yet; new clients get them when
 * they are added).
 */
export function FormsSection({ patientId }: { patientId: number }) {
  const forms = usePendingForms(patientId);
  const assign = useAutoAssignForms(patientId);
  const feedback = useSaveFeedback();
  const headingId = useId();
  useLoadErrorToast(forms, MESSAGES.loadForms);

  const onAssign = async () => {
    try {
      const result = await assign.mutateAsync();
      if (result.assigned === 0) feedback.notify.info(MESSAGES.noFormsToAssign);
      else feedback.notify.success(assignedMessage(result.forms.map((f) => f.name)));
    } catch (error) {
      feedback.failed(MESSAGES.assignForms, error);
    }
  };

  return (
    <Stack component="section" spacing={1} aria-labelledby={headingId} sx={{ maxWidth: 720 }}>
      <Typography id={headingId} component="h3" variant="h6">
        Forms
      </Typography>
      {forms.isPending && <Typography color="text.secondary">Loading…</Typography>}
      {forms.isError && <LoadFailed onRetry={() => void forms.refetch()} />}
      {forms.isSuccess && forms.data.length === 0 && <Typography>No pending forms.</Typography>}
      {forms.isSuccess && forms.data.length > 0 && (
        <List dense aria-label="Pending forms" disablePadding>
          {forms.data.map((form) => (
            <ListItem key={form.id} disableGutters>
              <ListItemText
                primary={form.name}
                secondary={`Pending since ${formatUsDate(form.assignedAt)}`}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Button
        variant="outlined"
        sx={{ alignSelf: 'flex-start' }}
        disabled={assign.isPending}
        loading={assign.isPending}
        onClick={() => void onAssign()}
      >
        {ASSIGN_AUTOMATIC_FORMS}
      </Button>
    </Stack>
  );
}
