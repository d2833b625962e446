import type { SxProps, Theme } from '@mui/material/styles';

/**
 * Overrides of FullCalendar's default look where it falls short of WCAG AA
 * contrast (faded days of other months, grey labels), plus the event body
 * and the screen-reader-only text used inside events.
 */
export const calendarSx = {
  '--fc-border-color': '#c4c4c4',
  '--fc-today-bg-color': 'rgba(21, 89, 176, 0.08)',
  '--fc-neutral-bg-color': '#f1f1f1',
  '--fc-page-bg-color': '#ffffff',
  '--fc-now-indicator-color': '#c62828',
  '--fc-bg-event-opacity': '0.22',
  backgroundColor: 'background.paper',
  '& .fc': { fontSize: '0.85rem' },
  '& .fc a': { color: 'inherit', textDecoration: 'none' },
  '& .fc .fc-col-header-cell-cushion, & .fc .fc-timegrid-slot-label-cushion': {
    color: 'text.primary',
  },
  // FullCalendar fades other months' days to 30% opacity: too faint to read.
  '& .fc .fc-day-other .fc-daygrid-day-top': { opacity: 1 },
  '& .fc .fc-day-other .fc-daygrid-day-number': { color: 'text.secondary' },
  '& .fc .fc-daygrid-day-number': { color: 'text.primary' },
  '& .fc .fc-daygrid-more-link, & .fc .fc-timegrid-more-link': {
    color: 'primary.main',
    fontWeight: 600,
  },
  '& .fc .fc-daygrid-more-link:hover': { textDecoration: 'underline' },
  // Targets at least 24 px high (WCAG 2.5.8): month events and their "+N more" links.
  '& .fc .fc-daygrid-event': { minHeight: '24px', display: 'flex', alignItems: 'center' },
  '& .fc .fc-daygrid-more-link': {
    display: 'inline-flex',
    alignItems: 'center',
    minHeight: '24px',
  },
  '& .fc .fc-timegrid-axis-cushion, & .fc .fc-list-event-time': { color: 'text.primary' },
  '& .fc .fc-resource .fc-col-header-cell-cushion, & .fc .fc-resource': { fontWeight: 600 },
  // Half-hour rows tall enough for two lines: a 45-minute session shows its time, client and
  // service (FullCalendar's 1.5em fits one).
  '& .fc .fc-timegrid-slot': { height: '2em' },
  '& .fc .fc-event': { cursor: 'pointer' },
  '& .fc .fc-event:focus-visible': {
    outline: '3px solid #1559b0',
    outlineOffset: '1px',
  },
  '& .fc .op-event-external': { cursor: 'default' },
  '& .fc .op-more .op-more-body': { fontWeight: 600, textDecoration: 'underline' },
  '& .fc .op-event-cancelled .op-event-title': { textDecoration: 'line-through' },
  // An online booking waiting for staff: a dashed outline (its words are in the hidden text).
  '& .fc .op-event-awaiting': { outline: '2px dashed currentColor', outlineOffset: '-2px' },
  // A past appointment with attendance not recorded: dotted, thicker (its words are hidden text).
  '& .fc .op-event-unrecorded': { outline: '3px dotted currentColor', outlineOffset: '-3px' },
  '& .op-event-body': { overflow: 'hidden', lineHeight: 1.25, padding: '0 2px' },
  '& .op-event-line': { display: 'flex', alignItems: 'center', gap: '3px', flexWrap: 'wrap' },
  '& .op-event-time': { fontWeight: 600, whiteSpace: 'nowrap' },
  // Narrow columns (16 therapists by week, 50 px a day) cut what does not fit at the event's
  // edge; the whole text is in its tooltip and its name.
  '& .fc .fc-timegrid-event .fc-event-main': { overflow: 'hidden' },
  '& .op-event-service': { whiteSpace: 'nowrap' },
  '& .op-event-icon': { flex: '0 0 auto' },
  '& .op-visually-hidden': {
    border: 0,
    clip: 'rect(0 0 0 0)',
    height: '1px',
    margin: '-1px',
    overflow: 'hidden',
    padding: 0,
    position: 'absolute',
    whiteSpace: 'nowrap',
    width: '1px',
  },
} satisfies SxProps<Theme>;
