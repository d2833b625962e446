import type { AvailabilityExceptionKind } from '@openpractice/domain';

/** Wire shapes of docs/availability-api.md; field names as spec-2 §3. */

export interface EditorTherapist {
  id: number;
  firstName: string;
  lastName: string;
  active: boolean;
}

/** `GET editorContext`: whose availability the caller may edit. */
export interface EditorContext {
  therapists: EditorTherapist[];
  reach: 'practice' | 'own';
  currentTherapistId: number | null;
  timezone: string;
  today: string;
}

export interface Span {
  span_id: number;
  span_from: string | null;
  span_to: string | null;
  therapistId: number;
}

export interface Day {
  day_id: number;
  dayOfWeek: number;
  practiceLocationId: number | null;
  startTime: string;
  endTime: string;
  onlineScheduling: boolean;
  scheduleEvery: number;
  inPersonEnabled: boolean;
  teletherapyEnabled: boolean;
  availabilitySpanId: number;
}

/** A day's fields without its ids, as a form sends them. */
export type DayFields = Omit<Day, 'day_id' | 'availabilitySpanId'>;

export interface SpanWithDays extends Span {
  days: Day[];
}

export interface Spanning {
  therapistId: number;
  today: string;
  currentSpanId: number | null;
  spans: (Span & { dayCount: number })[];
}

export interface CurrentSpan {
  therapistId: number;
  today: string;
  span: SpanWithDays | null;
}

export interface AvailabilityException {
  exception_id: number;
  therapistId: number;
  date: string;
  kind: AvailabilityExceptionKind;
  practiceLocationId: number | null;
  startTime: string | null;
  endTime: string | null;
  onlineScheduling: boolean;
  scheduleEvery: number;
  inPersonEnabled: boolean;
  teletherapyEnabled: boolean;
  note: string | null;
}

export interface NewException {
  therapistId: number;
  date: string;
  kind: AvailabilityExceptionKind;
  practiceLocationId?: number | null;
  startTime?: string;
  endTime?: string;
  onlineScheduling?: boolean;
  scheduleEvery?: number;
  inPersonEnabled?: boolean;
  teletherapyEnabled?: boolean;
  note?: string | null;
}

export interface PracticeLocation {
  practiceLocationId: number;
  name: string;
  color: string;
  isDefault: boolean;
  active: boolean;
}
