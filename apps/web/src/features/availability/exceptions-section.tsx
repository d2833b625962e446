import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AVAILABILITY_MESSAGES, type AvailabilityExceptionKind } from '@openpractice/domain';
import { useState } from 'react';

import { useExceptions } from './api/queries';
import type { PracticeLocation } from './api/types';
import { ExceptionDialog } from './exception-dialog';
import { ExceptionList } from './exception-list';

/** Days off and extra hours from today on, with add and delete. */
export function ExceptionsSection({
  therapistId,
  today,
  locations,
  defaultLocationId,
  telehealthAllowed,
}: {
  therapistId: number;
  today: string;
  locations: readonly PracticeLocation[];
  defaultLocationId: number | null;
  telehealthAllowed: boolean;
}) {
  const exceptions = useExceptions(therapistId);
  const [adding, setAdding] = useState<AvailabilityExceptionKind | null>(null);

  return (
    <Stack component="section" spacing={2} aria-labelledby="exceptions-heading">
      <Typography id="exceptions-heading" component="h2" variant="h5">
        Date exceptions
      </Typography>
      <Typography color="text.secondary">
        A day off removes the weekly hours of that date; extra hours add time on one date.
      </Typography>
      {exceptions.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void exceptions.refetch()}>
              Retry
            </Button>
          }
        >
          {AVAILABILITY_MESSAGES.loadFailed}
        </Alert>
      )}
      {exceptions.isPending && <Typography>Loading date exceptions…</Typography>}
      {exceptions.data?.length === 0 && (
        <Typography color="text.secondary">No upcoming days off or extra hours.</Typography>
      )}
      {exceptions.data && exceptions.data.length > 0 && (
        <ExceptionList
          therapistId={therapistId}
          exceptions={exceptions.data}
          locations={locations}
        />
      )}
      <Stack direction="row" spacing={1}>
        <Button
          variant="outlined"
          onClick={() => {
            setAdding('off');
          }}
        >
          Add day off
        </Button>
        <Button
          variant="outlined"
          onClick={() => {
            setAdding('extra');
          }}
        >
          Add extra hours
        </Button>
      </Stack>
      {adding && (
        <ExceptionDialog
          therapistId={therapistId}
          kind={adding}
          today={today}
          locations={locations}
          defaultLocationId={defaultLocationId}
          telehealthAllowed={telehealthAllowed}
          onClose={() => {
            setAdding(null);
          }}
        />
      )}
    </Stack>
  );
}
