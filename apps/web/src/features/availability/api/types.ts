import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type {
  currentSpan,
  editorContext,
  getSpanById,
  spanning,
} from '@openpractice/contracts/availability/editor';
import type { addException, listExceptions } from '@openpractice/contracts/availability/exceptions';
import type { listPracticeLocations } from '@openpractice/contracts/practice';

/** What the availability calls send and answer, from their contracts (docs/availability-api.md). */

/** `GET editorContext`: whose availability the caller may edit. */
export type EditorContext = ResponseOf<typeof editorContext>['data'];
export type EditorTherapist = EditorContext['therapists'][number];

export type SpanWithDays = ResponseOf<typeof getSpanById>['data'];
export type Span = Omit<SpanWithDays, 'days'>;
export type Day = SpanWithDays['days'][number];

/** A day's fields without its ids, as a form sends them. */
export type DayFields = Omit<Day, 'day_id' | 'availabilitySpanId'>;

export type Spanning = ResponseOf<typeof spanning>['data'];
export type CurrentSpan = ResponseOf<typeof currentSpan>['data'];

export type AvailabilityException = ResponseOf<typeof listExceptions>['data']['exceptions'][number];
export type NewException = BodyOf<typeof addException>;

/** The practice's locations, to choose a day's location from. */
export type PracticeLocation = ResponseOf<typeof listPracticeLocations>['data'][number];
