import type { DatesSetArg, EventClickArg, EventInput } from '@fullcalendar/core';
import type { DateClickArg } from '@fullcalendar/interaction';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  CALENDAR_EMPTY_STATE_MESSAGE,
  CALENDAR_VIEWS,
  TOO_MANY_THERAPISTS_MESSAGE,
  availabilitySourceFor,
  calendarFetchWindow,
  calendarGridMinWidth,
  calendarResources,
  isResourceView,
  resolveCalendarView,
  shiftCalendarDate,
  showCalendarEmptyState,
} from '@openpractice/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

import { PageSpinner } from '../../ui/page-spinner';
import { useNotify } from '../../ui/snackbar/use-notify';
import { VisuallyHidden } from '../../ui/visually-hidden';
import { EventDetailsDialog, type DetailsTarget } from '../calendar-details/event-details-dialog';
import { SeriesScopeDialog } from '../calendar-series/series-scope-dialog';
import { ExternalCalendarsButton } from '../external-calendars/external-calendars-button';
import { useExternalEvents } from '../external-calendars/use-external-events';
import {
  SchedulingDialog,
  type SchedulingRequestType,
  type SchedulingSeed,
} from '../scheduling/scheduling-dialog';
import { SimpleCreateDialog, type SimpleCreateSeed } from '../scheduling/simple-create-dialog';
import {
  refreshCalendar,
  useAvailability,
  useCalendarEvents,
  useMyCalendars,
  useServiceLocations,
  useUsesAvailability,
  useVisibleCalendars,
  type VisibleCalendars,
} from './api';
import { CalendarFilterBar, type FilterOption } from './calendar-filters';
import { CalendarGrid } from './calendar-grid';
import { CalendarToolbar } from './calendar-toolbar';
import {
  MONTH_EVENTS_PER_DAY,
  asExternalItems,
  isMoreItem,
  isPracticeItem,
  summariseMonth,
  toAvailabilityItems,
  toCalendarItems,
  toMoreItems,
} from './event-mapping';
import { dayInZone } from './practice-time-zone';
import { useCalendarState } from './use-calendar-state';
import { useDragReschedule } from './use-drag-reschedule';
import { useLiveCalendar } from './use-live-calendar';

export const APPOINTMENTS_LOAD_FAILED =
  "We couldn't load appointments. Please reload to try again.";
export const AVAILABILITY_LOAD_FAILED =
  'We had a problem getting availability. Please reload to try again.';
export const CALENDARS_LOAD_FAILED =
  'We had a problem getting your calendars. Please reload to try again.';

/** `?new=` values of the New menu (paths.schedule.getHref) and the request type each opens. */
const NEW_REQUESTS: Record<string, SchedulingRequestType> = {
  appointment: 'Appointment',
  meeting: 'Meeting',
  outOfOffice: 'Out of Office',
};

const EMPTY: never[] = [];

/** Shows a toast once each time a query fails (not again for the same failure). */
function useFailureToast(failedAt: number, message: string): void {
  const notify = useNotify();
  useEffect(() => {
    if (failedAt > 0) notify.error(message);
  }, [failedAt, message, notify]);
}

/** `/schedule`: the practice's shared calendar (spec-1 §2 Calendar screen, issue 5). */
export function CalendarPage() {
  const visible = useVisibleCalendars();
  useFailureToast(visible.isError ? visible.errorUpdatedAt : 0, CALENDARS_LOAD_FAILED);

  if (visible.isPending) return <PageSpinner label="Loading the calendar" />;
  if (visible.isError) {
    return (
      <Box sx={{ p: 3 }}>
        <Typography component="h1" variant="h4" sx={{ mb: 2 }}>
          Schedule
        </Typography>
        <Alert severity="error">{CALENDARS_LOAD_FAILED}</Alert>
      </Box>
    );
  }
  return <CalendarScreen key={visible.data.userId} calendars={visible.data} />;
}

function CalendarScreen({ calendars }: { calendars: VisibleCalendars }) {
  const queryClient = useQueryClient();
  const timeZone = calendars.timezone;
  const [today] = useState(() => dayInZone(new Date(), timeZone));
  const state = useCalendarState(calendars, today);
  const { filters, shown, view, date } = state;
  const currentTherapistId = calendars.currentTherapistId;
  const editable = calendars.maySchedule && !calendars.screenReader;

  const locations = useServiceLocations();
  const locationIds = shown.mySchedule ? EMPTY : filters.locationIds;
  const range = calendarFetchWindow(view, date);
  const therapistIds = shown.therapistIds;

  const events = useCalendarEvents(
    {
      therapistIds,
      locationIds,
      start: range.start,
      end: range.end,
      includeCancelled: filters.includeCancelled,
    },
    therapistIds.length > 0,
  );
  const usesAvailability = useUsesAvailability(shown.mySchedule ? currentTherapistId : null);
  const availability = useAvailability(
    {
      therapistIds,
      locationIds,
      start: range.start,
      end: range.end,
      source: availabilitySourceFor(view),
    },
    therapistIds.length > 0 && !(shown.mySchedule && usesAvailability.data === false),
  );
  const myCalendars = useMyCalendars(currentTherapistId !== null);
  const hasExternalCalendars = (myCalendars.data ?? []).some((c) => c.kind === 'external');
  const currentUserShown = currentTherapistId !== null && therapistIds.includes(currentTherapistId);
  const external = useExternalEvents({
    therapistIds,
    start: range.start,
    end: range.end,
    enabled: currentUserShown && hasExternalCalendars,
  });
  useLiveCalendar(true);

  useFailureToast(events.isError ? events.errorUpdatedAt : 0, APPOINTMENTS_LOAD_FAILED);
  useFailureToast(availability.isError ? availability.errorUpdatedAt : 0, AVAILABILITY_LOAD_FAILED);
  useFailureToast(
    myCalendars.isError || locations.isError
      ? Math.max(myCalendars.errorUpdatedAt, locations.errorUpdatedAt)
      : 0,
    CALENDARS_LOAD_FAILED,
  );

  const locationNames = useMemo(
    () => new Map((locations.data ?? []).map((l) => [l.id, l.name])),
    [locations.data],
  );
  // The month view sums up busy days (all events in screen-reader mode: a list, not a picture).
  const summarise = view === 'dayGridMonth' && !calendars.screenReader;
  const practiceItems = useMemo(() => {
    const all = events.data ?? EMPTY;
    if (!summarise) return toCalendarItems(all, { editable, locationNames });
    const month = summariseMonth(all, MONTH_EVENTS_PER_DAY, (instant) =>
      dayInZone(new Date(instant), timeZone),
    );
    return [
      ...toCalendarItems(month.shown, { editable, locationNames }),
      ...toMoreItems(month.more),
    ];
  }, [events.data, editable, locationNames, summarise, timeZone]);
  const availabilityItems = useMemo(
    () => toAvailabilityItems(availability.data ?? EMPTY),
    [availability.data],
  );
  const externalItems = useMemo(() => asExternalItems(external.events), [external.events]);
  const items = useMemo<EventInput[]>(
    () => [...availabilityItems, ...practiceItems, ...externalItems],
    [availabilityItems, practiceItems, externalItems],
  );

  const locationsSelected = locationIds.length > 0;
  const singleTherapistChosen = !shown.mySchedule && filters.therapistIds.length === 1;
  const resources = useMemo(() => {
    // Who works at the chosen locations: events there, or availability there (or at any
    // location). A telehealth appointment has no location and says nothing about it.
    const chosen = new Set(locationIds);
    const withItems = new Set<number>();
    for (const e of events.data ?? EMPTY) {
      if (e.practice_location_id !== null && chosen.has(e.practice_location_id)) {
        withItems.add(e.user_id_therapist);
      }
    }
    for (const a of availability.data ?? EMPTY) {
      if (a.practice_location_id === null || chosen.has(a.practice_location_id)) {
        withItems.add(a.user_id_therapist);
      }
    }
    return calendarResources({
      therapists: calendars.therapists,
      shownIds: therapistIds,
      mySchedule: shown.mySchedule,
      locationsSelected,
      singleTherapistChosen,
      therapistsWithItems: withItems,
    });
  }, [
    events.data,
    availability.data,
    calendars.therapists,
    therapistIds,
    locationIds,
    shown.mySchedule,
    locationsSelected,
    singleTherapistChosen,
  ]);
  const emptyState = showCalendarEmptyState({
    resourceCount: resources.length,
    mySchedule: shown.mySchedule,
    locationsSelected,
    singleTherapistChosen,
    hasAvailability: (availability.data?.length ?? 0) > 0,
    hasFetched: events.isFetched,
  });

  // Dialogs.
  const [schedulingSeed, setSchedulingSeed] = useState<SchedulingSeed | null>(null);
  const [simpleSeed, setSimpleSeed] = useState<SimpleCreateSeed | null>(null);
  const [details, setDetails] = useState<DetailsTarget | null>(null);
  const drag = useDragReschedule();
  const refresh = useCallback(() => {
    void refreshCalendar(queryClient);
  }, [queryClient]);

  /** Who a new item is for when the click does not say: the user's own, or the only one shown. */
  const defaultTherapist =
    shown.mySchedule || therapistIds.length === 1 ? (therapistIds[0] ?? null) : currentTherapistId;

  // The New menu's items arrive as /schedule?new=appointment|meeting|outOfOffice.
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('new');
  const [handledRequest, setHandledRequest] = useState<string | null>(null);
  if (requested !== handledRequest) {
    // Adjusting state while rendering (not in an effect): the dialog opens in the same pass.
    setHandledRequest(requested);
    const requestType = requested === null ? undefined : NEW_REQUESTS[requested];
    if (requestType && calendars.maySchedule) {
      setSchedulingSeed({ requestType, allowTypeSelection: true, therapistId: defaultTherapist });
    }
  }
  useEffect(() => {
    if (requested === null) return;
    setSearchParams(
      (params) => {
        params.delete('new');
        return params;
      },
      { replace: true },
    );
  }, [requested, setSearchParams]);

  const onDateClick = useCallback(
    (arg: DateClickArg) => {
      const resourceId = arg.resource ? Number(arg.resource.id) : null;
      const therapistId = resourceId ?? defaultTherapist;
      if (arg.view.type === 'dayGridMonth') {
        setSimpleSeed({ therapistId, start: arg.dateStr.slice(0, 10), allDay: true });
        return;
      }
      setSchedulingSeed({
        allowTypeSelection: true,
        therapistId,
        start: arg.date.toISOString(),
        allDay: arg.allDay,
      });
    },
    [defaultTherapist],
  );

  const { setView, setDate } = state;
  const onEventClick = useCallback(
    (arg: EventClickArg) => {
      arg.jsEvent.preventDefault();
      const props: unknown = arg.event.extendedProps;
      if (isMoreItem(props)) {
        // "+N more" opens that day: by therapist, or the single grid in My Schedule.
        setView(shown.mySchedule ? 'timeGridDay' : 'resourceTimeGridDay');
        setDate(props.day);
        return;
      }
      if (!isPracticeItem(props)) return;
      setDetails({ eventId: props.eventId, attendeeId: props.attendeeId, kind: props.kind });
    },
    [setView, setDate, shown.mySchedule],
  );

  // The range shown, for the heading and the screen-reader announcement.
  const [title, setTitle] = useState('');
  const onDatesSet = useCallback((arg: DatesSetArg) => {
    setTitle(arg.view.title);
  }, []);
  const loaded = events.isFetched && !events.isFetching && !events.isPlaceholderData;
  const announcement = loaded && title !== '' ? `Showing ${title}` : '';

  const context = { mySchedule: shown.mySchedule, therapistCount: therapistIds.length };
  const views = CALENDAR_VIEWS.filter((v) => resolveCalendarView(v, context) === v);
  const therapistOptions = useMemo<FilterOption[]>(
    () =>
      calendars.therapists.map((t) => ({
        id: t.id,
        label: `${t.practitionerFirstName} ${t.practitionerLastName}${t.active ? '' : ' (inactive)'}`,
      })),
    [calendars.therapists],
  );
  const locationOptions = useMemo<FilterOption[]>(
    () => (locations.data ?? []).map((l) => ({ id: l.id, label: l.name })),
    [locations.data],
  );
  const gridResources = isResourceView(view) ? resources : EMPTY;

  return (
    <Box component="section" aria-labelledby="schedule-heading" sx={{ p: { xs: 1, md: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography id="schedule-heading" component="h1" variant="h4">
          Schedule
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {currentTherapistId !== null && (
          <ExternalCalendarsButton therapistId={currentTherapistId} onChanged={refresh} />
        )}
        {calendars.maySchedule && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => {
              setSchedulingSeed({ allowTypeSelection: true, therapistId: defaultTherapist });
            }}
          >
            New appointment
          </Button>
        )}
      </Box>
      <CalendarFilterBar
        filters={filters}
        onChange={state.setFilters}
        therapistOptions={therapistOptions}
        locationOptions={locationOptions}
        showTherapists={calendars.reach === 'practice'}
        canUseMySchedule={currentTherapistId !== null}
      />
      {shown.tooMany && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {TOO_MANY_THERAPISTS_MESSAGE}
        </Alert>
      )}
      {emptyState && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {CALENDAR_EMPTY_STATE_MESSAGE}
        </Alert>
      )}
      <CalendarToolbar
        title={title}
        view={view}
        views={views}
        onToday={() => {
          // Asked afresh: a calendar left open overnight goes to the new day.
          state.setDate(dayInZone(new Date(), timeZone));
        }}
        onStep={(steps) => {
          state.setDate(shiftCalendarDate(view, date, steps));
        }}
        onView={state.setView}
      />
      <VisuallyHidden>
        <span role="status" aria-live="polite">
          {announcement}
        </span>
      </VisuallyHidden>
      <CalendarGrid
        timeZone={timeZone}
        view={view}
        date={date}
        items={items}
        resources={gridResources}
        editable={editable}
        screenReader={calendars.screenReader}
        gridMinWidth={calendarGridMinWidth(view, gridResources.length)}
        onDatesSet={onDatesSet}
        onDateClick={calendars.maySchedule ? onDateClick : undefined}
        onEventClick={onEventClick}
        onEventDrop={drag.onEventDrop}
      />
      <SchedulingDialog
        seed={schedulingSeed}
        onClose={() => {
          setSchedulingSeed(null);
        }}
        onBooked={() => {
          setSchedulingSeed(null);
          refresh();
        }}
      />
      <SimpleCreateDialog
        seed={simpleSeed}
        onClose={() => {
          setSimpleSeed(null);
        }}
        onCreated={() => {
          setSimpleSeed(null);
          refresh();
        }}
      />
      <EventDetailsDialog
        target={details}
        onClose={() => {
          setDetails(null);
        }}
        onChanged={refresh}
      />
      <SeriesScopeDialog
        request={
          drag.seriesMove
            ? {
                eventId: drag.seriesMove.eventId,
                action: 'move',
                newStart: drag.seriesMove.newStart,
              }
            : null
        }
        onChoose={drag.chooseScope}
        onClose={drag.cancelSeriesMove}
      />
    </Box>
  );
}
