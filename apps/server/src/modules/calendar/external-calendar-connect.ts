import {
  EXTERNAL_CALENDAR_MESSAGES,
  MAX_EXTERNAL_CALENDARS,
  checkIcsAddress,
  isSkippedExternalCalendar,
} from '@openpractice/domain';
import type { FastifyInstance } from 'fastify';
import { externalCalendars } from '../../db/schema/index.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { practiceTimezone } from '../../platform/practice-day.ts';
import {
  calendarOfTherapist,
  calendarsOfTherapist,
  connectFailureMessage,
  readExternalCalendar,
  replaceEvents,
  truncatedMessage,
  type ExternalCalendarView,
} from './external-calendar-service.ts';

type Owner = { practiceId: number; therapistId: number };
type NewCalendar = { url: string; name: string; color: string };

/** A connected calendar, how many events it brought, and the note when its feed was cut short. */
export type ConnectedCalendar = {
  calendar: ExternalCalendarView;
  events: number;
  message: string | undefined;
};

/**
 * Connects a therapist's outside (ICS) calendar: the address is checked and read once before
 * anything is written, so a calendar that cannot be read is never saved.
 */
export async function connectExternalCalendar(
  app: FastifyInstance,
  { practiceId, therapistId }: Owner,
  body: NewCalendar,
): Promise<ConnectedCalendar> {
  const address = checkIcsAddress(body.url);
  if (!address.ok) throw badRequest(address.message, 'url');
  if (isSkippedExternalCalendar(address.url)) {
    throw badRequest(EXTERNAL_CALENDAR_MESSAGES.skipped, 'url');
  }
  const existing = await calendarsOfTherapist(app.db, practiceId, therapistId);
  if (existing.length >= MAX_EXTERNAL_CALENDARS) {
    throw badRequest(`You can connect at most ${MAX_EXTERNAL_CALENDARS} external calendars.`);
  }
  if (existing.some((c) => c.url === address.url)) {
    throw conflict('This calendar is already connected.');
  }
  const timezone = await practiceTimezone(app.db, practiceId);
  const now = app.now();
  let parsed;
  try {
    parsed = await readExternalCalendar(address.url, { timezone, now }, app.outboundFetch);
  } catch (error) {
    throw badRequest(connectFailureMessage(error), 'url');
  }
  if (isSkippedExternalCalendar(parsed.calendarKey)) {
    throw badRequest(EXTERNAL_CALENDAR_MESSAGES.skipped, 'url');
  }
  // The calendar and its events are written together, or not at all.
  const calendarId = await app.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(externalCalendars)
      .values({
        practiceId,
        therapistId,
        calendarKey: (parsed.calendarKey ?? address.url).slice(0, 500),
        name: body.name,
        url: address.url,
        color: body.color,
        lastSyncedAt: now,
        lastSyncStatus: 'success',
      })
      .returning({ id: externalCalendars.id });
    if (!created) throw new Error('external calendar insert failed');
    await replaceEvents(tx, { id: created.id, practiceId, therapistId }, parsed.events);
    return created.id;
  });
  const calendar = await calendarOfTherapist(app.db, { practiceId, therapistId, calendarId });
  if (!calendar) throw new Error('the connected calendar could not be read back');
  return { calendar, events: parsed.events.length, message: truncatedMessage(parsed) };
}
