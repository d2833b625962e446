import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AVAILABILITY_MESSAGES } from '@openpractice/domain';
import { Link as RouterLink, useSearchParams } from 'react-router';

import { paths } from '../../config/paths';
import { PageSpinner } from '../../ui/page-spinner';
import { useEditorContext } from './api/queries';
import type { EditorTherapist } from './api/types';
import { requestedTherapist, therapistToEdit } from './therapist-choice';
import { TherapistAvailability } from './therapist-availability';

const nameOf = (t: EditorTherapist) => `${t.firstName} ${t.lastName}`.trim();

/**
 * `/availability` (spec-2 §2): a therapist's weekly availability spans and
 * days, date exceptions, and start over. Managers choose the therapist
 * (`?therapistId=`); therapists edit their own.
 */
export function AvailabilityPage() {
  const context = useEditorContext();
  const [params, setParams] = useSearchParams();
  const data = context.data;
  const therapistId = data
    ? therapistToEdit(data, requestedTherapist(params.get('therapistId')))
    : null;
  const therapist = data?.therapists.find((t) => t.id === therapistId);

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography component="h1" variant="h4">
          Availability
        </Typography>
        <Link component={RouterLink} to={paths.schedule.getHref()}>
          View in calendar
        </Link>
      </Stack>
      {context.isPending && <PageSpinner label="Loading availability" />}
      {context.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void context.refetch()}>
              Retry
            </Button>
          }
        >
          {AVAILABILITY_MESSAGES.loadFailed}
        </Alert>
      )}
      {data && data.reach === 'practice' && (
        <TextField
          select
          label="Therapist"
          value={therapistId === null ? '' : String(therapistId)}
          onChange={(event) => {
            setParams({ therapistId: event.target.value });
          }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ maxWidth: 360 }}
        >
          {therapistId !== null && !therapist && (
            <option value={String(therapistId)}>Therapist {therapistId}</option>
          )}
          {data.therapists.map((t) => (
            <option key={t.id} value={String(t.id)}>
              {nameOf(t)}
            </option>
          ))}
        </TextField>
      )}
      {data && therapistId === null && (
        <Alert severity="info">There are no therapists whose availability you can edit.</Alert>
      )}
      {data && therapistId !== null && (
        <TherapistAvailability
          key={therapistId}
          therapistId={therapistId}
          therapistName={therapist ? nameOf(therapist) : 'this therapist'}
          today={data.today}
        />
      )}
    </Stack>
  );
}
