import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import {
  SCHEDULING_REQUEST_TYPES,
  type ClientSearchContext,
  type SchedulingRequestType,
} from '@openpractice/domain';
import { useEffect, useId, useReducer, useState, type SyntheticEvent } from 'react';

import { useServiceLocations, type VisibleCalendars } from './api';
import { AppointmentFields } from './appointment-fields';
import { WithDialogLookups } from './dialog-lookups';
import { ALLOW_DOUBLE_BOOKING, conflictText, SCHEDULING_MESSAGES } from './messages';
import { RepeatFields } from './repeat-fields';
import {
  canSave,
  effectiveLocationId,
  formReducer,
  initialForm,
  optionKey,
  suggestionKey,
  type SchedulingSeed,
} from './scheduling-form';
import { useSaveRequest } from './use-save-request';
import { useSchedulingLookups } from './use-scheduling-lookups';
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

/** Where the browser is, when the server does not say where the practice is. */
const BROWSER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

function therapistLabel(t: VisibleCalendars['therapists'][number]): string {
  return `${t.practitionerFirstName} ${t.practitionerLastName}`.trim();
}

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
    initialForm(
      // A therapist-only user books on their own calendar only.
      ownOnly ? { ...seed, therapistId: calendars.currentTherapistId } : seed,
      new Date(),
      {
        therapistId: bookable.some((t) => t.id === calendars.currentTherapistId)
          ? calendars.currentTherapistId
          : null,
        clientSearchContext: contexts.includes('my') ? 'my' : (contexts[0] ?? 'all'),
        timezone: calendars.timezone ?? BROWSER_TIME_ZONE,
      },
    ),
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
  useEffect(() => {
    if (isAppointment && (telehealth.isError || telehealth.data?.hasTelehealth === false)) {
      dispatch({ type: 'telehealthUnavailable' });
    }
  }, [isAppointment, telehealth.isError, telehealth.data]);

  // A new therapist or client: choose the server's suggestion once, and learn the client's name.
  const answer = products.isPlaceholderData ? undefined : products.data;
  const telehealthKnown = !telehealth.isPending;
  useEffect(() => {
    if (!answer || state.therapistId === null || state.client?.id !== answer.client.id) return;
    if (!telehealthKnown) return;
    dispatch({ type: 'clientName', id: answer.client.id, name: answer.client.displayName });
    dispatch({
      type: 'suggestion',
      for: suggestionKey(state.therapistId, answer.client.id),
      option: answer.products.find((o) => o.selected) ?? null,
      eligibility,
    });
  }, [answer, state.therapistId, state.client?.id, eligibility, telehealthKnown]);

  const options = products.data?.products ?? [];
  const selectedOption = options.find((o) => optionKey(o) === state.productKey) ?? null;
  const defaultLocationId = locations.data?.find((l) => l.isDefault)?.id ?? null;
  const locationId = effectiveLocationId(state, defaultLocationId);
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
          {seed.allowTypeSelection !== false && (
            <ToggleButtonGroup
              exclusive
              color="primary"
              aria-label="Request type"
              value={state.requestType}
              onChange={(_event, value: SchedulingRequestType | null) => {
                if (value) dispatch({ type: 'requestType', value });
              }}
              disabled={saving}
              size="small"
            >
              {SCHEDULING_REQUEST_TYPES.map((type) => (
                <ToggleButton key={type} value={type}>
                  {type}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          )}
          <TextField
            select
            label="Therapist"
            value={state.therapistId ?? ''}
            onChange={(event) => {
              dispatch({ type: 'therapist', value: Number(event.target.value) });
            }}
            disabled={saving || ownOnly}
            required
            fullWidth
          >
            {bookable.map((t) => (
              <MenuItem key={t.id} value={t.id}>
                {therapistLabel(t)}
              </MenuItem>
            ))}
          </TextField>
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
          {isAppointment && <RepeatFields state={state} dispatch={dispatch} disabled={saving} />}
          {conflicts.isError && (
            <Alert severity="warning">{SCHEDULING_MESSAGES.conflictsFailed}</Alert>
          )}
          {conflictCount !== null && conflictCount > 0 && (
            <Alert severity="warning">
              {conflictText(conflictCount)}
              <Box>
                <FormControlLabel
                  label={ALLOW_DOUBLE_BOOKING}
                  control={
                    <Checkbox
                      checked={state.allowDoubleBooking}
                      disabled={saving}
                      onChange={(event) => {
                        dispatch({ type: 'allowDoubleBooking', value: event.target.checked });
                      }}
                    />
                  }
                />
              </Box>
            </Alert>
          )}
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
