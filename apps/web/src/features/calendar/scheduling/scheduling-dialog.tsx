import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { ClientSearchContext, SchedulingRequestType } from '@openpractice/domain';
import { useEffect, useId, useReducer, useState, type SyntheticEvent } from 'react';

import { useServiceLocations, type ProductOption, type VisibleCalendars } from './api';
import { AppointmentFields } from './appointment-fields';
import { ConflictWarning } from './conflict-warning';
import { WithDialogLookups } from './dialog-lookups';
import { RepeatFields } from './repeat-fields';
import { RequestTypeAndTherapist } from './request-type-and-therapist';
import {
  effectiveLocationId,
  formReducer,
  initialForm,
  optionKey,
  type SchedulingSeed,
} from './scheduling-form';
import { canSave } from './scheduling-payloads';
import { serviceLengthOf, serviceLengthWarning } from './service-length';
import { useSaveRequest } from './use-save-request';
import { useSchedulingLookups } from './use-scheduling-lookups';
import { useServerSuggestions } from './use-server-suggestions';
import { WhenFields } from './when-fields';

export type { SchedulingRequestType } from '@openpractice/domain';
export type { SchedulingSeed } from './scheduling-form';

export interface SchedulingDialogProps {
  seed: SchedulingSeed | null;
  onClose: () => void;
  onBooked: (eventIds: number[]) => void;
}

const TITLES: Record<SchedulingRequestType, string> = {
  Appointment: 'New appointment',
  Meeting: 'New meeting',
  'Out of Office': 'New out of office',
};

/**
 * The scheduling dialog (spec-1 §2, §4): a new appointment, meeting or out
 * of office, opened from the New menu or a free slot. Each opening starts
 * afresh from its seed.
 */
export function SchedulingDialog({ seed, onClose, onBooked }: SchedulingDialogProps) {
  const titleId = useId();
  // Keep the last seed through the closing transition; count openings so each one starts afresh.
  const [shown, setShown] = useState<{ seed: SchedulingSeed; opening: number; open: boolean }>();
  if (seed !== null && !shown?.open) {
    setShown({ seed, opening: (shown?.opening ?? 0) + 1, open: true });
  } else if (seed === null && shown?.open) {
    setShown({ ...shown, open: false });
  }
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={seed !== null}
      onClose={() => {
        if (!busy) onClose();
      }}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      {shown && (
        <SchedulingDialogContent
          key={shown.opening}
          titleId={titleId}
          seed={shown.seed}
          onClose={onClose}
          onBooked={onBooked}
          onBusyChange={setBusy}
        />
      )}
    </Dialog>
  );
}

interface ContentProps {
  titleId: string;
  seed: SchedulingSeed;
  onClose: () => void;
  onBooked: (eventIds: number[]) => void;
  onBusyChange: (busy: boolean) => void;
}

/** Loads whom the user may book for and how they search clients, then shows the form. */
function SchedulingDialogContent(props: ContentProps) {
  return (
    <WithDialogLookups
      title={TITLES[props.seed.requestType ?? 'Appointment']}
      titleId={props.titleId}
      onClose={props.onClose}
    >
      {(calendars, contexts) => (
        <SchedulingFormView {...props} calendars={calendars} contexts={contexts} />
      )}
    </WithDialogLookups>
  );
}

/** The form as it opens: the seed, on the user's own calendar when they may book only there. */
function startingForm(
  seed: SchedulingSeed,
  calendars: VisibleCalendars,
  contexts: ClientSearchContext[],
  bookable: VisibleCalendars['therapists'],
) {
  return initialForm(
    // A therapist-only user books on their own calendar only.
    calendars.reach === 'own' ? { ...seed, therapistId: calendars.currentTherapistId } : seed,
    new Date(),
    {
      therapistId: bookable.some((t) => t.id === calendars.currentTherapistId)
        ? calendars.currentTherapistId
        : null,
      clientSearchContext: contexts.includes('my') ? 'my' : (contexts.at(0) ?? 'all'),
      timezone: calendars.timezone,
    },
  );
}

/** The service's own length against the appointment's (issue 15 item 11). */
function lengthWarningOf(option: ProductOption | null, minutes: number): string | null {
  return serviceLengthWarning(option ? serviceLengthOf(option.products) : null, minutes);
}

function SchedulingFormView({
  titleId,
  seed,
  onClose,
  onBooked,
  onBusyChange,
  calendars,
  contexts,
}: ContentProps & { calendars: VisibleCalendars; contexts: ClientSearchContext[] }) {
  const ownOnly = calendars.reach === 'own';
  const bookable = calendars.therapists.filter((t) => t.active || t.id === seed.therapistId);
  const [state, dispatch] = useReducer(formReducer, undefined, () =>
    startingForm(seed, calendars, contexts, bookable),
  );
  const locations = useServiceLocations();
  const { telehealth, products, conflicts, conflictCount, eligibility } =
    useSchedulingLookups(state);
  const { save, saving } = useSaveRequest({ onBooked, onClose });
  const isAppointment = state.requestType === 'Appointment';

  useEffect(() => {
    onBusyChange(saving);
  }, [saving, onBusyChange]);

  // The therapist cannot hold telehealth sessions (or we could not tell): telehealth stays off.
  const telehealthAllowed = eligibility.hasTelehealth;
  useServerSuggestions(state, dispatch, { isAppointment, telehealth, products, eligibility });

  const options = products.data?.products ?? [];
  const selectedOption = options.find((o) => optionKey(o) === state.productKey) ?? null;
  const defaultLocationId = locations.data?.find((l) => l.isDefault)?.id ?? null;
  const locationId = effectiveLocationId(state, defaultLocationId);
  const lengthWarning = isAppointment ? lengthWarningOf(selectedOption, state.duration) : null;
  const saveEnabled = canSave(state, {
    option: isAppointment ? selectedOption : null,
    conflictCount,
    busy: saving,
  });

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!saveEnabled) return;
    void save(state, { option: selectedOption, telehealthAllowed, defaultLocationId });
  };

  return (
    <Box component="form" onSubmit={onSubmit} noValidate>
      <DialogTitle id={titleId}>{TITLES[state.requestType]}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <RequestTypeAndTherapist
            state={state}
            dispatch={dispatch}
            disabled={saving}
            allowTypeSelection={seed.allowTypeSelection !== false}
            therapists={bookable}
            therapistLocked={ownOnly}
          />
          {isAppointment && (
            <AppointmentFields
              state={state}
              dispatch={dispatch}
              disabled={saving}
              contexts={contexts}
              products={products}
              selectedOption={selectedOption}
              eligibility={eligibility}
              telehealthFailed={telehealth.isError}
              locations={locations.data ?? []}
              locationId={locationId}
            />
          )}
          <WhenFields state={state} dispatch={dispatch} disabled={saving} />
          {lengthWarning && <Alert severity="warning">{lengthWarning}</Alert>}
          {isAppointment && <RepeatFields state={state} dispatch={dispatch} disabled={saving} />}
          <ConflictWarning
            failed={conflicts.isError}
            conflictCount={conflictCount}
            allowDoubleBooking={state.allowDoubleBooking}
            disabled={saving}
            onAllowDoubleBooking={(value) => {
              dispatch({ type: 'allowDoubleBooking', value });
            }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={!saveEnabled}>
          {saving ? 'Saving…' : 'Save'}
        </Button>
      </DialogActions>
    </Box>
  );
}
