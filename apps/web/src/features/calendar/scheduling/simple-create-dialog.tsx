import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { CREATE_DIALOG_BUSY_MS, type ClientSearchContext } from '@openpractice/domain';
import {
  useEffect,
  useId,
  useReducer,
  useRef,
  useState,
  type Dispatch,
  type SyntheticEvent,
} from 'react';

import { useNotify } from '../../../ui/snackbar/use-notify';
import { useCreateAppointment, useProductsForRequest, type VisibleCalendars } from './api';
import { ClientField } from './client-field';
import { WithDialogLookups } from './dialog-lookups';
import { SCHEDULING_MESSAGES } from './messages';
import {
  formReducer,
  initialForm,
  requestedSlot,
  type FormAction,
  type SchedulingForm,
} from './scheduling-form';
import { isSimpleCreateReady, simpleAppointmentPayload } from './scheduling-payloads';
import { saveFailureMessage } from './use-save-request';

export interface SimpleCreateSeed {
  therapistId: number | null;
  /** ISO instant or YYYY-MM-DD for an all-day click. */
  start: string;
  allDay: boolean;
}

export interface SimpleCreateDialogProps {
  seed: SimpleCreateSeed | null;
  onClose: () => void;
  /** The reload callback (spec-1 §4 Simple create dialog). */
  onCreated: () => void;
}

/**
 * The create-calendar-item dialog (spec-1 §2, §4 Simple create dialog): an
 * appointment from a therapist, a client and a date and time. It opens with
 * the therapist, time and all-day flag of the click; a client search with a
 * single result chooses it. Success closes it, confirms, runs `onCreated`,
 * and keeps the creating flag for another second so a double click cannot
 * book twice.
 */
export function SimpleCreateDialog({ seed, onClose, onCreated }: SimpleCreateDialogProps) {
  const titleId = useId();
  const [shown, setShown] = useState<{ seed: SimpleCreateSeed; opening: number; open: boolean }>();
  if (seed !== null && !shown?.open) {
    setShown({ seed, opening: (shown?.opening ?? 0) + 1, open: true });
  } else if (seed === null && shown?.open) {
    setShown({ ...shown, open: false });
  }
  const [creating, setCreating] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
    },
    [],
  );
  const releaseLater = () => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      setCreating(false);
    }, CREATE_DIALOG_BUSY_MS);
  };
  return (
    <Dialog
      open={seed !== null}
      onClose={() => {
        if (!creating) onClose();
      }}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      {shown && (
        <SimpleCreateContent
          key={shown.opening}
          titleId={titleId}
          seed={shown.seed}
          creating={creating}
          onCreating={() => {
            setCreating(true);
          }}
          onFailed={() => {
            setCreating(false);
          }}
          onSucceeded={() => {
            onClose();
            onCreated();
            releaseLater();
          }}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

interface ContentProps {
  titleId: string;
  seed: SimpleCreateSeed;
  creating: boolean;
  onCreating: () => void;
  onFailed: () => void;
  onSucceeded: () => void;
  onClose: () => void;
}

const TITLE = 'New calendar item';

function SimpleCreateContent(props: ContentProps) {
  return (
    <WithDialogLookups title={TITLE} titleId={props.titleId} onClose={props.onClose}>
      {(calendars, contexts) => (
        <SimpleCreateForm {...props} calendars={calendars} contexts={contexts} />
      )}
    </WithDialogLookups>
  );
}

function SimpleCreateForm({
  titleId,
  seed,
  creating,
  onCreating,
  onFailed,
  onSucceeded,
  onClose,
  calendars,
  contexts,
}: ContentProps & { calendars: VisibleCalendars; contexts: ClientSearchContext[] }) {
  const notify = useNotify();
  const ownOnly = calendars.reach === 'own';
  const bookable = calendars.therapists.filter((t) => t.active || t.id === seed.therapistId);
  const [state, dispatch] = useSimpleForm(seed, calendars, contexts);
  const slot = requestedSlot(state);
  const products = useProductsForRequest(
    state.therapistId !== null && state.client && slot
      ? {
          therapistId: state.therapistId,
          clientId: state.client.id,
          start: slot.start,
          duration: 0,
        }
      : null,
  );
  const create = useCreateAppointment();
  const ready = isSimpleCreateReady(state);

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!ready || creating) return;
    const option = products.data?.products.find((o) => o.selected) ?? null;
    onCreating();
    create.mutate(simpleAppointmentPayload(state, option), {
      onSuccess: () => {
        notify.success(SCHEDULING_MESSAGES.itemCreated);
        onSucceeded();
      },
      onError: (error) => {
        notify.error(saveFailureMessage(error, true));
        onFailed();
      },
    });
  };

  return (
    <Box component="form" onSubmit={onSubmit} noValidate>
      <DialogTitle id={titleId}>{TITLE}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label="Therapist"
            value={state.therapistId ?? ''}
            onChange={(event) => {
              dispatch({ type: 'therapist', value: Number(event.target.value) });
            }}
            disabled={creating || ownOnly}
            required
            fullWidth
          >
            {bookable.map((t) => (
              <MenuItem key={t.id} value={t.id}>
                {`${t.practitionerFirstName} ${t.practitionerLastName}`.trim()}
              </MenuItem>
            ))}
          </TextField>
          <ClientField
            client={state.client}
            onChange={(client) => {
              dispatch({ type: 'client', value: client });
            }}
            context={state.clientSearchContext}
            contexts={contexts}
            onContextChange={(context) => {
              dispatch({ type: 'clientSearchContext', value: context });
            }}
            disabled={creating}
          />
          <DateAndTimeFields
            state={state}
            dispatch={dispatch}
            disabled={creating}
            fromWholeDay={seed.allDay}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={creating}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={!ready || creating}>
          {creating ? 'Creating…' : 'Create'}
        </Button>
      </DialogActions>
    </Box>
  );
}

/**
 * The form's state, opened on the click: its therapist (or the user's own when they may book only
 * for themselves), its time, and the client search the user may use.
 */
function useSimpleForm(
  seed: SimpleCreateSeed,
  calendars: VisibleCalendars,
  contexts: readonly ClientSearchContext[],
) {
  const ownOnly = calendars.reach === 'own';
  return useReducer(formReducer, undefined, () =>
    initialForm(
      {
        requestType: 'Appointment',
        therapistId: ownOnly ? calendars.currentTherapistId : seed.therapistId,
        start: seed.start,
      },
      new Date(),
      {
        therapistId: calendars.currentTherapistId,
        clientSearchContext: contexts.includes('my') ? 'my' : (contexts[0] ?? 'all'),
        timezone: calendars.timezone,
      },
    ),
  );
}

/** Date and start time; a click on a whole day (month view) asks the user to check the time. */
function DateAndTimeFields({
  state,
  dispatch,
  disabled,
  fromWholeDay,
}: {
  state: SchedulingForm;
  dispatch: Dispatch<FormAction>;
  disabled: boolean;
  fromWholeDay: boolean;
}) {
  return (
    <Stack direction="row" spacing={2}>
      <TextField
        label="Date"
        type="date"
        value={state.date}
        onChange={(event) => {
          dispatch({ type: 'date', value: event.target.value });
        }}
        disabled={disabled}
        required
        fullWidth
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        label="Start time"
        type="time"
        value={state.time}
        onChange={(event) => {
          dispatch({ type: 'time', value: event.target.value });
        }}
        disabled={disabled}
        required
        fullWidth
        helperText={fromWholeDay ? 'Chosen from a whole day: check the time.' : ' '}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 300 } }}
      />
    </Stack>
  );
}
