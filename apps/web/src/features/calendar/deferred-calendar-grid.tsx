import Box from '@mui/material/Box';
import { lazy, Suspense, useEffect, useState } from 'react';

import type { CalendarGridProps } from './calendar-grid';
import { PHONE_TIME_GRID_HEIGHT, TIME_GRID_HEIGHT } from './calendar-grid-size';

// FullCalendar is the largest part of the calendar's code: it loads once the page's heading and
// toolbar have painted, so a phone on a slow connection sees the day's title first (issue 24).
const CalendarGrid = lazy(async () => ({
  default: (await import('./calendar-grid')).CalendarGrid,
}));

/** The grid, from the frame after the page first paints; until it is drawn, its space is kept. */
export function DeferredCalendarGrid(props: CalendarGridProps) {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    // Effects may run before the browser paints; the next frame is after it.
    const frame = requestAnimationFrame(() => {
      setStarted(true);
    });
    return () => {
      cancelAnimationFrame(frame);
    };
  }, []);
  const placeholder = <GridSpace {...props} />;
  return started ? (
    <Suspense fallback={placeholder}>{<CalendarGrid {...props} />}</Suspense>
  ) : (
    placeholder
  );
}

/** The height the grid will take, so nothing below it moves when it arrives. */
function GridSpace({ view, phone }: Pick<CalendarGridProps, 'view' | 'phone'>) {
  const height =
    view === 'dayGridMonth' ? undefined : phone ? PHONE_TIME_GRID_HEIGHT : TIME_GRID_HEIGHT;
  return <Box aria-busy="true" sx={{ minHeight: height }} />;
}
