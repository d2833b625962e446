import { z } from 'zod';
import { queryId } from './common.ts';
import { defineCall } from './define.ts';

/**
 * The record-access report (/reporting/audit/...): who read, listed, changed, exported or
 * printed which client's record, or was refused, when, from where and through which
 * impersonation; its CSV, the audit chain's state and the staff for its user filter.
 */

/** What the report calls each event. */
export const ACCESS_KINDS = ['view', 'list', 'change', 'export', 'print', 'denied'] as const;
export const ACCESS_SORTS = ['time', 'user', 'kind'] as const;
export const ACCESS_PAGE_SIZES = [10, 25, 50, 100] as const;

const filterQuery = z.object({
  patientId: queryId.optional(),
  userId: queryId.optional(),
  kind: z.enum(ACCESS_KINDS).optional(),
  /** Practice-local days, both included; by default the shared filter's (spec-1 §9). */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});

const person = z.object({ id: z.number(), name: z.string(), username: z.string() });

export const accessClient = z.object({
  id: z.number(),
  name: z.string(),
  clientNumber: z.string(),
});

export const accessRow = z.object({
  id: z.number(),
  at: z.string(),
  action: z.string(),
  kind: z.enum(ACCESS_KINDS),
  route: z.string().nullable(),
  /** Why a denied attempt was refused. */
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  actor: person.nullable(),
  impersonator: person.nullable(),
  impersonationReason: z.string().nullable(),
  /** The first few clients the row names that the caller may see; `clientCount` counts them all. */
  clients: z.array(accessClient),
  clientCount: z.number(),
});

export const patientRecordAccess = defineCall('GET', '/reporting/audit/patientRecordAccess', {
  querystring: filterQuery.extend({
    sort: z.enum(ACCESS_SORTS).default('time'),
    direction: z.enum(['asc', 'desc']).default('desc'),
    page: z.coerce.number().int().min(0).max(100_000).default(0),
    pageSize: z.coerce
      .number()
      .int()
      .refine(
        (n) => (ACCESS_PAGE_SIZES as readonly number[]).includes(n),
        'expected 10, 25, 50 or 100',
      )
      .default(25),
  }),
  response: {
    200: z.object({
      data: z.array(accessRow),
      total: z.number(),
      page: z.number(),
      pageSize: z.number(),
      from: z.string(),
      to: z.string(),
      timezone: z.string(),
      /** The filtered client, named. */
      client: accessClient.nullable(),
      scope: z.enum(['practice', 'ownClients']),
    }),
  },
});

/** The same filter as CSV, every row. */
export const exportPatientRecordAccess = defineCall(
  'GET',
  '/reporting/audit/patientRecordAccess/export',
  { querystring: filterQuery, response: { 200: z.string().describe('CSV file') } },
);

/** Verified through a time, or the first broken link. */
export const chainState = defineCall('GET', '/reporting/audit/chainState', {
  response: {
    200: z.union([
      z.object({
        ok: z.literal(true),
        /** The newest row a checkpoint sealed with the key (null before the first checkpoint). */
        verifiedThrough: z.string().nullable(),
        /** The newest row of the chain: every row up to it hashes correctly. */
        chainedThrough: z.string().nullable(),
        /** Rows after the newest checkpoint, sealed at the next one. */
        unsealedRows: z.number(),
      }),
      z.object({
        ok: z.literal(false),
        /** The row where the chain stops holding. */
        brokenAtId: z.number(),
        brokenAt: z.string().nullable(),
        reason: z.string(),
      }),
    ]),
  },
});

/** The practice's staff, for the report's user filter (names only). */
export const auditUsers = defineCall('GET', '/reporting/audit/users', {
  response: { 200: z.object({ data: z.array(person) }) },
});
