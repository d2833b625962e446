/**
 * FullCalendar's default look falls short of WCAG AA contrast in places
 * (grey labels, faint borders); these keep the agent's grid readable.
 */
export const agentCalendarSx = {
  '--fc-border-color': '#c4c4c4',
  '--fc-today-bg-color': 'rgba(21, 89, 176, 0.08)',
  '--fc-neutral-bg-color': '#f1f1f1',
  '--fc-page-bg-color': '#ffffff',
  '--fc-now-indicator-color': '#c62828',
  '--fc-button-bg-color': '#1559b0',
  '--fc-button-border-color': '#1559b0',
  '--fc-button-hover-bg-color': '#0f4386',
  '--fc-button-hover-border-color': '#0f4386',
  '--fc-button-active-bg-color': '#0b3266',
  '--fc-button-active-border-color': '#0b3266',
  backgroundColor: 'background.paper',
  '& .fc': { fontSize: '0.85rem' },
  '& .fc .fc-toolbar-title': { fontSize: '1.25rem' },
  '& .fc a': { color: 'inherit', textDecoration: 'none' },
  '& .fc .fc-col-header-cell-cushion, & .fc .fc-timegrid-slot-label-cushion, & .fc .fc-timegrid-axis-cushion':
    { color: 'text.primary' },
  '& .fc .fc-resource': { fontWeight: 600 },
  '& .fc .fc-event': { cursor: 'default' },
  '& .fc .op-agent-event-cancelled .op-event-title': { textDecoration: 'line-through' },
  '& .op-event-body': { overflow: 'hidden', lineHeight: 1.25, padding: '0 2px' },
  '& .op-event-line': { display: 'flex', alignItems: 'center', gap: '3px', flexWrap: 'wrap' },
  '& .op-event-time': { fontWeight: 600, whiteSpace: 'nowrap' },
} as const;
