import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  describeSeriesScope,
  formatSeriesWhen,
  SERIES_SCOPES,
  seriesScopeLabel,
  seriesScopeTargets,
  type SeriesScope as DomainSeriesScope,
  type SeriesScopePlan,
} from '@openpractice/domain';
import { useId, useMemo, useState, type SubmitEvent } from 'react';

import { useSeries, type SeriesView } from './api';

export type SeriesScope = DomainSeriesScope;

export interface SeriesScopeRequest {
  eventId: number;
  action: 'move' | 'cancel' | 'edit';
  /** For a move: the new start of this occurrence (ISO instant). */
  newStart?: string;
}

export interface SeriesScopeDialogProps {
  request: SeriesScopeRequest | null;
  onChoose: (scope: SeriesScope) => void;
  onClose: () => void;
}

export const SERIES_LOAD_ERROR = "We couldn't load this series. Please try again.";

const TITLES: Record<SeriesScopeRequest['action'], string> = {
  move: 'Move a recurring appointment',
  cancel: 'Cancel a recurring appointment',
  edit: 'Change a recurring appointment',
};

/** True when a calendar event belongs to a weekly series (ask for a scope before changing it). */
export function isSeriesEvent(event: { series_id?: number | null }): boolean {
  return event.series_id !== null && event.series_id !== undefined;
}

/**
 * Asks which occurrences of a weekly series an action applies to: only this
 * one, this and the following ones, or the whole series. Before the user
 * confirms it says which appointments will change and which are left as they
 * are (cancelled, or attendance recorded), by the same rule the server applies.
 */
export function SeriesScopeDialog({ request, onChoose, onClose }: SeriesScopeDialogProps) {
  if (!request) return null;
  return (
    <ScopeDialog
      key={`${request.eventId}:${request.action}:${request.newStart ?? ''}`}
      request={request}
      onChoose={onChoose}
      onClose={onClose}
    />
  );
}

type Occurrence = SeriesView['occurrences'][number];

function ScopeDialog({
  request,
  onChoose,
  onClose,
}: {
  request: SeriesScopeRequest;
  onChoose: (scope: SeriesScope) => void;
  onClose: () => void;
}) {
  const series = useSeries(request.eventId);
  const [scope, setScope] = useState<SeriesScope>('this');
  const titleId = useId();
  const summaryId = useId();
  const data = series.data;

  const plans = useMemo(() => {
    if (!data) return null;
    const byScope = {} as Record<SeriesScope, SeriesScopePlan<Occurrence>>;
    for (const s of SERIES_SCOPES) {
      byScope[s] = seriesScopeTargets(data.occurrences, request.eventId, s);
    }
    return byScope;
  }, [data, request.eventId]);

  const offered: readonly SeriesScope[] =
    data?.seriesId !== null && data?.seriesId !== undefined ? SERIES_SCOPES : ['this'];
  const plan = plans?.[scope];
  const canContinue = plan !== undefined && plan.targets.length > 0;
  const when = (iso: string) => (data ? formatSeriesWhen(iso, data.timezone) : iso);
  const anchor = data?.occurrences.find((o) => o.calendar_event_id === request.eventId);

  function onSubmit(event: SubmitEvent): void {
    event.preventDefault();
    if (canContinue) onChoose(scope);
  }

  return (
    <Dialog
      open
      fullWidth
      maxWidth="sm"
      onClose={onClose}
      aria-labelledby={titleId}
      {...(plan ? { 'aria-describedby': summaryId } : {})}
      slotProps={{
        paper: {
          component: 'form',
          onSubmit: (event: SubmitEvent) => {
            onSubmit(event);
          },
        },
      }}
    >
      <DialogTitle id={titleId}>{TITLES[request.action]}</DialogTitle>
      <DialogContent>
        <SeriesLoading
          pending={series.isPending}
          failed={series.isError}
          onRetry={() => {
            void series.refetch();
          }}
        />
        {plans && plan && (
          <ScopeChoice
            request={request}
            plans={plans}
            offered={offered}
            scope={scope}
            onScope={setScope}
            summaryId={summaryId}
            when={when}
            anchor={anchor}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={!canContinue}>
          Continue
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** While the series loads, a spinner; if it fails, the error with a way to try again. */
function SeriesLoading({
  pending,
  failed,
  onRetry,
}: {
  pending: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  return (
    <>
      {pending && (
        <Stack alignItems="center" sx={{ py: 3 }}>
          <CircularProgress aria-label="Loading the series" />
        </Stack>
      )}
      {failed && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              Try again
            </Button>
          }
        >
          {SERIES_LOAD_ERROR}
        </Alert>
      )}
    </>
  );
}

/**
 * The scopes offered (each with how many appointments it changes), and in words which
 * appointments the chosen one changes and which it leaves, so nothing changes by surprise.
 */
function ScopeChoice({
  request,
  plans,
  offered,
  scope,
  onScope,
  summaryId,
  when,
  anchor,
}: {
  request: SeriesScopeRequest;
  plans: Record<SeriesScope, SeriesScopePlan<Occurrence>>;
  offered: readonly SeriesScope[];
  scope: SeriesScope;
  onScope: (scope: SeriesScope) => void;
  summaryId: string;
  when: (iso: string) => string;
  anchor: Occurrence | undefined;
}) {
  const legendId = useId();
  const plan = plans[scope];
  return (
    <Stack spacing={2}>
      <FormControl component="fieldset">
        <FormLabel component="legend" id={legendId}>
          Which appointments?
        </FormLabel>
        <RadioGroup
          aria-labelledby={legendId}
          name="series-scope"
          value={scope}
          onChange={(event) => {
            onScope(event.target.value as SeriesScope);
          }}
        >
          {offered.map((s) => (
            <FormControlLabel
              key={s}
              value={s}
              control={<Radio autoFocus={s === scope} />}
              label={seriesScopeLabel(s, plans[s].targets.length)}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <Box
        role="region"
        aria-label="Appointments this changes"
        tabIndex={0}
        sx={{ maxHeight: 240, overflowY: 'auto' }}
      >
        <Typography id={summaryId} aria-live="polite">
          {describeSeriesScope(plan, request.action, (o) => when(o.start_date_time))}
        </Typography>
      </Box>
      {request.action === 'move' && request.newStart && anchor && (
        <Typography variant="body2" color="text.secondary">
          {scope === 'this' || plan.targets.length < 2
            ? `It moves from ${when(anchor.start_date_time)} to ${when(request.newStart)}.`
            : `Each moves by the same change as this one: from ${when(anchor.start_date_time)} to ${when(request.newStart)}.`}
        </Typography>
      )}
    </Stack>
  );
}
