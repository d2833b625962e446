import { email as emailRule, REQUIRED_MESSAGE } from '@openpractice/domain';
import { z } from 'zod';
import { queryId } from './common.ts';
import { defineCall } from './define.ts';

/** Email monitoring (spec-1 §3, §7): the outgoing email log and the suppression list. */

export const EMAIL_STATUSES = ['queued', 'sent', 'logged', 'failed', 'suppressed'] as const;
/** spec-1 §7: addSuppressed's reason, COMPLAINT by default. */
export const SUPPRESSION_REASONS = ['COMPLAINT', 'BOUNCE', 'UNSUBSCRIBE', 'MANUAL'] as const;
export const EMAIL_PAGE_SIZES = [10, 25, 50, 100] as const;

const pageSize = z.coerce
  .number()
  .int()
  .refine((n) => (EMAIL_PAGE_SIZES as readonly number[]).includes(n), 'expected 10, 25, 50 or 100')
  .default(25);
/** 0-based. */
const page = z.coerce.number().int().min(0).max(100_000).default(0);
/** Practice-local calendar days, both included (the input guard holds them to 1900-2200). */
const isoDay = z.iso.date();

export const emailRow = z.object({
  id: z.number(),
  clientId: z.number().nullable(),
  /** Null when the caller may not see the client's name (never for the client searched). */
  clientName: z.string().nullable(),
  recipient: z.string(),
  subject: z.string(),
  kind: z.string().nullable(),
  status: z.enum(EMAIL_STATUSES),
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** Null unless the message was not delivered and the caller may see the client's record details. */
  body: z.string().nullable(),
});

/** 'local': messages are kept here only and never leave the server. */
const mailer = z.enum(['smtp', 'local']);

/** The practice's outgoing email, sent or not (spec-1 §7 `emailMonitoring/search`). */
export const searchEmails = defineCall('GET', '/emailMonitoring/search', {
  querystring: z.object({
    /** The client (spec-1 §7 names the client `userId`). */
    userId: queryId.optional(),
    email: z.string().trim().max(254).optional(),
    status: z.enum(EMAIL_STATUSES).optional(),
    kind: z
      .string()
      .regex(/^[a-z_]{1,60}$/, 'expected a kind of email')
      .optional(),
    sentAfter: isoDay.optional(),
    sentBefore: isoDay.optional(),
    direction: z.enum(['asc', 'desc']).default('desc'),
    page,
    pageSize,
  }),
  response: {
    200: z.object({
      mailer,
      data: z.array(emailRow),
      total: z.number(),
      page: z.number(),
      pageSize: z.number(),
      timezone: z.string(),
      scope: z.enum(['practice', 'ownClients']),
    }),
  },
});

/** The first email log call (managers; limit and offset), kept for the pages that use it. */
export const outboundEmails = defineCall('GET', '/emailMonitoring/outbound', {
  querystring: z.object({
    clientId: queryId.optional(),
    /** The spec's email monitoring names the client `userId`; either works. */
    userId: queryId.optional(),
    sentAfter: isoDay.optional(),
    sentBefore: isoDay.optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  }),
  response: {
    200: z.object({
      mailer,
      data: z.array(emailRow),
      total: z.number(),
      offset: z.number(),
      limit: z.number(),
    }),
  },
});

/** An address as typed: trimmed, one that mail could go to. */
const address = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .max(254)
  .superRefine((value, context) => {
    const verdict = value === '' ? REQUIRED_MESSAGE : emailRule(value);
    if (verdict !== true) context.addIssue({ code: 'custom', message: verdict });
  });

export const suppression = z.object({
  email: z.string(),
  reason: z.enum(SUPPRESSION_REASONS),
  addedAt: z.string(),
  addedBy: z.string().nullable(),
});

/** The suppression list (spec-1 §7 getSuppressed): addresses the mail adapter never sends to. */
export const getSuppressed = defineCall('GET', '/emailMonitoring/getSuppressed', {
  querystring: z.object({
    /** Part of an address, any letter case; absent lists them all. */
    email: z.string().trim().max(254).optional(),
    page,
    pageSize,
  }),
  response: {
    200: z.object({
      data: z.array(suppression),
      total: z.number(),
      page: z.number(),
      pageSize: z.number(),
    }),
  },
});

/** Already listed (in any letter case): the newer reason and adder replace the older. */
export const addSuppressed = defineCall('PUT', '/emailMonitoring/addSuppressed', {
  body: z.object({
    email: address,
    /** spec-1 §7: the reason defaults to COMPLAINT. */
    reason: z.enum(SUPPRESSION_REASONS).default('COMPLAINT'),
  }),
  response: { 200: suppression },
});

export const removeSuppressed = defineCall('DELETE', '/emailMonitoring/removeSuppressed', {
  querystring: z.object({ email: address }),
  response: { 200: z.object({ email: z.string(), status: z.literal('removed') }) },
});
