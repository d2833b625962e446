import type {
  DatesSetArg,
  EventClickArg,
  EventDropArg,
  EventInput,
  PluginDef,
} from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type DateClickArg } from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import resourceTimeGridPlugin from '@fullcalendar/resource-timegrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import Box from '@mui/material/Box';
import {
  DEFAULT_SCROLL_TIME,
  zonedIsoDate,
  type CalendarResource,
  type CalendarViewName,
} from '@openpractice/domain';
import { memo, useEffect, useRef } from 'react';

import { practiceTimeZonePlugin } from '../../lib/time-zone-plugin';
import { PHONE_TIME_GRID_HEIGHT, TIME_GRID_HEIGHT } from './calendar-grid-size';
import { calendarSx } from './calendar-styles';
import { decorateEvent, decorateMoreLink, renderEventContent } from './event-content';

const PLUGINS: PluginDef[] = [
  practiceTimeZonePlugin,
  dayGridPlugin,
  timeGridPlugin,
  resourceTimeGridPlugin,
  interactionPlugin,
];

/** FullCalendar's resource views are used under their GPLv3 option (design.md). */
const LICENSE_KEY = 'GPL-My-Project-Is-Open-Source';

/** Width of the time labels beside the grid, added to the columns' minimum widths. */
const TIME_AXIS_WIDTH = 60;

export interface CalendarGridProps {
  timeZone: string;
  view: CalendarViewName;
  /** The day shown (YYYY-MM-DD in the practice's zone). */
  date: string;
  items: EventInput[];
  resources: CalendarResource[];
  editable: boolean;
  /** Screen-reader mode: every event listed in the month, no "+N more" popovers. */
  screenReader: boolean;
  /** A phone-sized screen (under 600 px). */
  phone: boolean;
  /** The columns' minimum width in total; wider than the page scrolls sideways. */
  gridMinWidth: number;
  onDatesSet: (arg: DatesSetArg) => void;
  onDateClick?: (arg: DateClickArg) => void;
  onEventClick: (arg: EventClickArg) => void;
  onEventDrop: (arg: EventDropArg) => void;
}

/**
 * FullCalendar with the practice's settings: scroll to 07:00, weeks from
 * Sunday, the practice's time zone, events as plain DOM (no React portals),
 * drag to reschedule when allowed. The page owns the view and date: this
 * component follows them.
 */
export const CalendarGrid = memo(function CalendarGrid(props: CalendarGridProps) {
  const calendarRef = useRef<FullCalendar | null>(null);

  useEffect(() => {
    const api = calendarRef.current?.getApi();
    if (!api) return;
    if (api.view.type !== props.view) {
      api.changeView(props.view, props.date);
    } else if (zonedIsoDate(api.getDate(), props.timeZone) !== props.date) {
      api.gotoDate(props.date);
    }
  }, [props.view, props.date, props.timeZone]);

  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Box
        sx={{
          ...calendarSx,
          minWidth: props.gridMinWidth > 0 ? props.gridMinWidth + TIME_AXIS_WIDTH : undefined,
        }}
      >
        <FullCalendar
          ref={calendarRef}
          plugins={PLUGINS}
          schedulerLicenseKey={LICENSE_KEY}
          timeZone={props.timeZone}
          initialView={props.view}
          initialDate={props.date}
          headerToolbar={false}
          firstDay={0}
          fixedWeekCount
          height={props.view === 'dayGridMonth' ? 'auto' : undefined}
          contentHeight={
            props.view === 'dayGridMonth'
              ? undefined
              : props.phone
                ? PHONE_TIME_GRID_HEIGHT
                : TIME_GRID_HEIGHT
          }
          expandRows
          scrollTime={DEFAULT_SCROLL_TIME}
          nowIndicator
          navLinks={false}
          eventDisplay="block"
          dayMaxEvents={!props.screenReader}
          resources={props.resources}
          resourceOrder="sort"
          events={props.items}
          editable={props.editable}
          eventStartEditable={props.editable}
          eventDurationEditable={false}
          eventResourceEditable={false}
          eventContent={renderEventContent}
          eventDidMount={decorateEvent}
          moreLinkDidMount={decorateMoreLink}
          eventClick={props.onEventClick}
          eventDrop={props.onEventDrop}
          dateClick={props.onDateClick}
          datesSet={props.onDatesSet}
        />
      </Box>
    </Box>
  );
});
