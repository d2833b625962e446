import type { DatesSetArg } from '@fullcalendar/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  CALENDAR_EMPTY_STATE_MESSAGE,
  CALENDAR_VIEWS,
  TOO_MANY_THERAPISTS_MESSAGE,
  calendarGridMinWidth,
  isResourceView,
  resolveCalendarView,
  shiftCalendarDate,
  zonedIsoDate,
} from '@openpractice/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useState } from 'react';

import { PageSpinner } from '../../ui/page-spinner';
import { VisuallyHidden } from '../../ui/visually-hidden';
import { refreshCalendar, useVisibleCalendars, type VisibleCalendars } from './api';
import { CalendarDialogs } from './calendar-dialogs';
import {
  CalendarFilterBar,
  FiltersToggle,
  filtersInUse,
  type FilterOption,
} from './calendar-filters';
import { CalendarHeader } from './calendar-header';
import { calendarTitle } from './calendar-title';
import { CalendarToolbar } from './calendar-toolbar';
import { LazyExternalEvents } from './lazy-dialogs';
import { CALENDARS_LOAD_FAILED, useCalendarItems, useFailureToast } from './use-calendar-items';
import { useCalendarDialogs } from './use-calendar-dialogs';
import { useCalendarState, type CalendarState } from './use-calendar-state';
import { DeferredCalendarGrid } from './deferred-calendar-grid';
import { useDragReschedule } from './use-drag-reschedule';

const EMPTY: never[] = [];

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
  // A phone (under 600 px) opens on a day and folds the filters away (issue 15). Read on the
  // first render (noSsr), as the opening view is decided then.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const [today] = useState(() => zonedIsoDate(new Date(), timeZone));
  const state = useCalendarState(calendars, today, { phone });
  const { filters, shown, view, date } = state;
  const currentTherapistId = calendars.currentTherapistId;
  const editable = calendars.maySchedule && !calendars.screenReader;

  const { items, resources, emptyState, loaded, locations, external } = useCalendarItems({
    calendars,
    view,
    date,
    shown,
    filters,
    editable,
  });

  const dialogs = useCalendarDialogs(calendars, state);
  const drag = useDragReschedule();
  const refresh = useCallback(() => {
    void refreshCalendar(queryClient);
  }, [queryClient]);

  // The range shown, for the heading and, once the grid shows it, the screen-reader announcement.
  const [gridTitle, onDatesSet] = useRangeTitle();
  const { therapistOptions, locationOptions } = useFilterOptions(calendars.therapists, locations);
  const gridResources = isResourceView(view) ? resources : EMPTY;
  const filtersPanel = useFiltersPanel(phone);

  return (
    <Box component="section" aria-labelledby="schedule-heading" sx={{ p: { xs: 1, md: 3 } }}>
      <CalendarHeader
        currentTherapistId={currentTherapistId}
        onExternalChanged={refresh}
        filtersToggle={
          phone && (
            <FiltersToggle
              open={filtersPanel.open}
              controls={filtersPanel.id}
              inUse={filtersInUse(filters)}
              onToggle={filtersPanel.toggle}
            />
          )
        }
        onNew={calendars.maySchedule ? dialogs.openNew : undefined}
      />
      {filtersPanel.shown && (
        <CalendarFilterBar
          id={filtersPanel.id}
          filters={filters}
          onChange={state.setFilters}
          therapistOptions={therapistOptions}
          locationOptions={locationOptions}
          showTherapists={calendars.reach === 'practice'}
          canUseMySchedule={currentTherapistId !== null}
        />
      )}
      <CalendarNotices tooMany={shown.tooMany} emptyState={emptyState} />
      <CalendarNavigation state={state} timeZone={timeZone} gridTitle={gridTitle} loaded={loaded} />
      <DeferredCalendarGrid
        timeZone={timeZone}
        view={view}
        date={date}
        items={items}
        resources={gridResources}
        editable={editable}
        screenReader={calendars.screenReader}
        phone={phone}
        gridMinWidth={calendarGridMinWidth(view, gridResources.length)}
        onDatesSet={onDatesSet}
        onDateClick={calendars.maySchedule ? dialogs.onDateClick : undefined}
        onEventClick={dialogs.onEventClick}
        onEventDrop={drag.onEventDrop}
      />
      <LazyExternalEvents query={external.query} onEvents={external.onEvents} />
      <CalendarDialogs dialogs={dialogs} drag={drag} refresh={refresh} />
    </Box>
  );
}

/** The range the grid shows ("May 4 – 10, 2026"), as FullCalendar reports it after each move. */
function useRangeTitle() {
  const [title, setTitle] = useState('');
  const onDatesSet = useCallback((arg: DatesSetArg) => {
    setTitle(arg.view.title);
  }, []);
  return [title, onDatesSet] as const;
}

/** The filter bar's choices, kept stable between renders so its pickers do not redraw. */
function useFilterOptions(
  therapists: VisibleCalendars['therapists'],
  locations: readonly { id: number; name: string }[],
) {
  const therapistOptions = useMemo<FilterOption[]>(
    () =>
      therapists.map((t) => ({
        id: t.id,
        label: `${t.practitionerFirstName} ${t.practitionerLastName}${t.active ? '' : ' (inactive)'}`,
      })),
    [therapists],
  );
  const locationOptions = useMemo<FilterOption[]>(
    () => locations.map((l) => ({ id: l.id, label: l.name })),
    [locations],
  );
  return { therapistOptions, locationOptions };
}

/** Why the grid may look thin: too many therapists to show at once, or nothing to show. */
function CalendarNotices({ tooMany, emptyState }: { tooMany: boolean; emptyState: boolean }) {
  return (
    <>
      {tooMany && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {TOO_MANY_THERAPISTS_MESSAGE}
        </Alert>
      )}
      {emptyState && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {CALENDAR_EMPTY_STATE_MESSAGE}
        </Alert>
      )}
    </>
  );
}

/** On a phone the filters fold away behind a toggle (issue 15); elsewhere they always show. */
function useFiltersPanel(phone: boolean) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const toggle = useCallback(() => {
    setOpen((was) => !was);
  }, []);
  return { id, open, toggle, shown: !phone || open };
}

/**
 * Today, Previous and Next, the views that make sense for what is shown, and the range shown
 * (titled before FullCalendar loads, as it titles it), announced to screen readers once the grid
 * shows it and the items have loaded.
 */
function CalendarNavigation({
  state,
  timeZone,
  gridTitle,
  loaded,
}: {
  state: CalendarState;
  timeZone: string;
  /** The grid's title for what it shows; empty until FullCalendar has drawn. */
  gridTitle: string;
  loaded: boolean;
}) {
  const { shown, view, date } = state;
  const context = { mySchedule: shown.mySchedule, therapistCount: shown.therapistIds.length };
  const views = CALENDAR_VIEWS.filter((v) => resolveCalendarView(v, context) === v);
  const announcement = loaded && gridTitle !== '' ? `Showing ${gridTitle}` : '';
  return (
    <>
      <CalendarToolbar
        title={gridTitle || calendarTitle(view, date)}
        view={view}
        views={views}
        onToday={() => {
          // Asked afresh: a calendar left open overnight goes to the new day.
          state.setDate(zonedIsoDate(new Date(), timeZone));
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
    </>
  );
}
