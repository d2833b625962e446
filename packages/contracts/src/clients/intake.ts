import {
  CLIENT_SEARCH_CONTEXTS,
  DEFAULT_CLIENT_LIST_PAGE_SIZE,
  DEFAULT_INTAKE_DAYS,
  DEFAULT_INTAKE_PREFERENCES,
  INTAKE_SORT_KEYS,
  MAX_INTAKE_DAYS,
} from '@openpractice/domain';
import { z } from 'zod';
import { defineCall } from '../define.ts';

/**
 * Intake (spec-2 §2 /client/intake): clients added in the last `days` days,
 * with their first appointment when they have one.
 */

const days = z.coerce.number().int().min(1).max(MAX_INTAKE_DAYS).default(DEFAULT_INTAKE_DAYS);
const context = z.enum(CLIENT_SEARCH_CONTEXTS).optional();
const limit = z.coerce.number().int().min(1).max(200).default(DEFAULT_CLIENT_LIST_PAGE_SIZE);
const offset = z.coerce.number().int().min(0).max(100_000).default(0);
const sortDir = z.enum(['asc', 'desc']);

/** One new client, as both intake lists answer it. */
export const intakeRow = z.object({
  patientId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  nickName: z.string().nullable(),
  /** Already formatted: 'C000001234'. */
  accountNumber: z.string(),
  therapistNames: z.array(z.string()),
  /** ISO date-time. */
  createdAt: z.string(),
  /** ISO date the client was added, in the practice's time zone. */
  addedOn: z.string(),
  daysSinceAdded: z.number(),
  /** ISO date or date-time of the first appointment; null: none yet. */
  firstAppointment: z.string().nullable(),
});

const intakePage = {
  data: z.array(intakeRow),
  total: z.number(),
  limit: z.number(),
  offset: z.number(),
  days: z.number(),
  /** The first day of the window, ISO. */
  since: z.string(),
};

/** Counts only: no client is named. */
export const getIntake = defineCall('GET', '/patient/getIntake', {
  querystring: z.object({ days, context }),
  response: {
    200: z.object({
      days: z.number(),
      since: z.string(),
      today: z.string(),
      newClients: z.number(),
      withAppointments: z.number(),
      withoutAppointments: z.number(),
    }),
  },
});

export const listNewClientsWithAppointments = defineCall(
  'GET',
  '/patient/listNewClientsWithAppointments',
  {
    querystring: z.object({
      days,
      context,
      limit,
      offset,
      /** An allow-list: the sort is done by the domain rule, never by request text. */
      sortBy: z.enum(INTAKE_SORT_KEYS).default(DEFAULT_INTAKE_PREFERENCES.sortBy),
      sortDir: sortDir.default(DEFAULT_INTAKE_PREFERENCES.sortDir),
    }),
    response: {
      200: z.object({ ...intakePage, sortBy: z.enum(INTAKE_SORT_KEYS), sortDir }),
    },
  },
);

/** The new clients without an appointment; the page asks with a POST though it only reads. */
export const getNewClients = defineCall('POST', '/patient/getNewClients', {
  body: z.object({ days, limit, offset, context }),
  response: { 200: z.object(intakePage) },
});
