import { lazy, type ComponentProps } from 'react';

import { OnceOpened } from '../../ui/on-first-use';
import type { EventDetailsDialog as EventDetails } from './details/event-details-dialog';
import type { ExternalEventsReaderProps } from './external-events-reader';
import type { SchedulingDialog as Scheduling } from './scheduling/scheduling-dialog';
import type { SimpleCreateDialog as SimpleCreate } from './scheduling/simple-create-dialog';
import type { SeriesScopeDialog as SeriesScope } from './series/series-scope-dialog';

// The calendar's dialogs load when first opened, not with the calendar (issue 14: first paint).
const SchedulingDialog = lazy(async () => ({
  default: (await import('./scheduling/scheduling-dialog')).SchedulingDialog,
}));
const SimpleCreateDialog = lazy(async () => ({
  default: (await import('./scheduling/simple-create-dialog')).SimpleCreateDialog,
}));
const EventDetailsDialog = lazy(async () => ({
  default: (await import('./details/event-details-dialog')).EventDetailsDialog,
}));
const ExternalEventsReader = lazy(async () => ({
  default: (await import('./external-events-reader')).ExternalEventsReader,
}));
const SeriesScopeDialog = lazy(async () => ({
  default: (await import('./series/series-scope-dialog')).SeriesScopeDialog,
}));

export function LazySchedulingDialog(props: ComponentProps<typeof Scheduling>) {
  return (
    <OnceOpened open={props.seed !== null}>
      <SchedulingDialog {...props} />
    </OnceOpened>
  );
}

export function LazySimpleCreateDialog(props: ComponentProps<typeof SimpleCreate>) {
  return (
    <OnceOpened open={props.seed !== null}>
      <SimpleCreateDialog {...props} />
    </OnceOpened>
  );
}

export function LazyEventDetailsDialog(props: ComponentProps<typeof EventDetails>) {
  return (
    <OnceOpened open={props.target !== null}>
      <EventDetailsDialog {...props} />
    </OnceOpened>
  );
}

export function LazySeriesScopeDialog(props: ComponentProps<typeof SeriesScope>) {
  return (
    <OnceOpened open={props.request !== null}>
      <SeriesScopeDialog {...props} />
    </OnceOpened>
  );
}

/** Outside calendars' events: the reader loads the first time they are wanted, then stays. */
export function LazyExternalEvents(props: ExternalEventsReaderProps) {
  return (
    <OnceOpened open={props.query.enabled}>
      <ExternalEventsReader {...props} />
    </OnceOpened>
  );
}
