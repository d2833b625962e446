import {
  CLIENT_SEARCH_CONTEXTS,
  CLIENT_SEARCH_LIMIT,
  CLIENT_SEARCH_SORT_KEYS,
  CLIENT_STATUSES,
  validate,
  type ClientSearchRow,
  type Constraint,
} from '@openpractice/domain';
import { z } from 'zod';
import { dataOf } from '../common.ts';
import { defineCall } from '../define.ts';

/** Client search (spec-1 §3 Client search), the typeahead, CSV export, duplicates and new clients. */

/** Comma-separated ids in a query string: "3,5,8". */
const idList = z
  .string()
  .max(2000)
  .regex(/^\d+(,\d+)*$/, 'Use comma-separated numbers, e.g. 3,5,8.')
  .transform((s) => s.split(',').map(Number));

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** The client search terms of spec-1 §3 / spec-2 §3, as query parameters. */
export const searchQuery = z.object({
  search: z.string().max(100).optional(),
  /** Omitted: the first context the server offers the caller. */
  context: z.enum(CLIENT_SEARCH_CONTEXTS).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(CLIENT_SEARCH_LIMIT),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  recordStatus: z.coerce.number().int().min(1).max(3).optional(),
  omitGroups: flag.optional(),
  therapistIds: idList.optional(),
  clientStatuses: z
    .string()
    .max(200)
    .transform((s) => s.split(','))
    .pipe(z.array(z.enum(CLIENT_STATUSES)))
    .optional(),
  primaryInsuranceIds: idList.optional(),
  secondaryInsuranceIds: idList.optional(),
  groupIds: idList.optional(),
  privatePay: flag.optional(),
  noInsurance: flag.optional(),
  customSearchableId: z.string().max(60).optional(),
  /** Sort keys come from the domain allow-list; the server holds the SQL for each. */
  sortBy: z.enum(CLIENT_SEARCH_SORT_KEYS).default('name'),
  sortDir: z.enum(['asc', 'desc']).default('asc'),
  /** Pages need the total; the typeahead does not and skips the count. */
  includeTotal: flag.optional(),
  /** Accepted for compatibility with the spec's terms; the search is always within the acting practice. */
  customerIds: z.string().max(2000).optional(),
  byCustomer: flag.optional(),
});

/**
 * One search row (spec-2 §3 Client search row). The optional keys are left out
 * of rows whose fields the caller may not see (domain client-fields.ts).
 */
export const clientSearchRow = z.object({
  user_id: z.number(),
  patient_rcrd_id: z.number(),
  patient_first_name: z.string(),
  patient_last_name: z.string(),
  patient_nick_name: z.string().nullable(),
  therapist_first_name: z.string().nullable(),
  therapist_last_name: z.string().nullable(),
  therapist_names: z.array(z.string()),
  group_name: z.string().nullable(),
  practice_insurance_id: z.number().nullable().optional(),
  practice_insurance_name: z.string().nullable().optional(),
  secondary_practice_insurance_id: z.number().nullable().optional(),
  secondary_practice_insurance_name: z.string().nullable().optional(),
  responsible_party_first_name: z.string().nullable().optional(),
  responsible_party_last_name: z.string().nullable().optional(),
  user_insurance_insurancenumber: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  /** ISO date. */
  dateOfBirth: z.string().nullable().optional(),
  payment_type: z.enum(['Insurance', 'Private Pay', 'None']).optional(),
  /** Already formatted: 'C000001234'. */
  accountNumber: z.string(),
  clientStatus: z.enum(['Active', 'Inactive']),
  /** ISO date-time. */
  added: z.string(),
  isGroup: z.boolean(),
  custom_searchable_id: z.string().nullable(),
}) satisfies z.ZodType<ClientSearchRow>;

export const searchContexts = defineCall('GET', '/patient/searchContexts', {
  response: {
    200: z.object({
      data: z.array(z.object({ value: z.enum(CLIENT_SEARCH_CONTEXTS), label: z.string() })),
      callerTherapistId: z.number().nullable(),
    }),
  },
});

/** The search page and the typeahead. */
export const findPatients = defineCall('GET', '/patient/findPatients', {
  querystring: searchQuery,
  response: {
    200: z.object({
      data: z.array(clientSearchRow),
      /** Only when asked for with `includeTotal`. */
      total: z.number().nullable(),
      limit: z.number(),
      offset: z.number(),
    }),
  },
});

/** The therapy groups whose members match the search (context all only, spec-2 §7). */
export const linkedPatients = defineCall('GET', '/patient/linkedPatients', {
  querystring: searchQuery,
  response: {
    200: dataOf(
      z.array(z.object({ user_id: z.number(), name: z.string(), member_ids: z.array(z.number()) })),
    ),
  },
});

/** The practice's therapy groups for the search filter. */
export const listSearchGroups = defineCall('GET', '/therapist/listSearchGroups', {
  response: {
    200: dataOf(z.array(z.object({ id: z.number(), name: z.string(), memberCount: z.number() }))),
  },
});

export const getCustomSearchCapabilities = defineCall(
  'GET',
  '/setting/getCustomSearchCapabilities',
  {
    response: {
      200: z.object({
        customSearchableId: z.object({ enabled: z.boolean(), label: z.string().nullable() }),
      }),
    },
  },
);

/** The search as CSV, every row of the same terms. */
export const exportPatients = defineCall('GET', '/patient/exportPatients', {
  querystring: searchQuery,
  response: { 200: z.string().describe('CSV file of the clients found') },
});

export const duplicateQuery = z.object({
  firstName: z.string().trim().min(1, 'This is required.').max(60),
  lastName: z.string().trim().min(1, 'This is required.').max(60),
  dob: z.iso.date().optional(),
  email: z.string().max(254).optional(),
  phone: z.string().max(30).optional(),
});

/** A client who may be the person about to be added. */
export const duplicateClient = z.object({
  user_id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  /** Already formatted: 'C000001234'. */
  accountNumber: z.string(),
  /** Only when the caller may see this client's date of birth. */
  dateOfBirth: z.string().nullable().optional(),
  /** The caller may open this client's record (else the client is only named, to warn). */
  canOpen: z.boolean(),
  reasons: z.array(z.string()),
});

export const listDuplicateClients = defineCall('GET', '/patient/listDuplicateClients', {
  querystring: duplicateQuery,
  response: { 200: dataOf(z.array(duplicateClient)) },
});

/**
 * A string checked by the domain validators, so the server answers with the
 * very messages the web shows (spec-1 §5). Empty strings become undefined.
 */
function checkedString(max: number, constraints: readonly Constraint[]) {
  return z
    .string()
    .max(max)
    .transform((v) => v.trim())
    .superRefine((value, ctx) => {
      const result = validate(value, constraints);
      if (result !== true)
        ctx.addIssue({
          code: 'custom',
          message: result === false ? 'This value is not valid.' : result,
        });
    })
    .transform((v) => (v === '' ? undefined : v));
}

const name = (max: number) => z.string().trim().min(1, 'This is required.').max(max);

/** A new client. Dates are ISO, money is cents. */
export const newClientBody = z.object({
  firstName: name(60),
  lastName: name(60),
  nickName: z.string().trim().max(60).optional(),
  middleName: z.string().trim().max(60).optional(),
  dob: z.iso.date().optional(),
  email: checkedString(254, [{ name: 'email' }]).optional(),
  phone: checkedString(30, [{ name: 'phone' }]).optional(),
  therapistIds: z
    .array(z.number().int().positive())
    .min(1, 'Choose at least one therapist.')
    .max(16),
  status: z.enum(CLIENT_STATUSES).default('ACTIVE'),
  isPrivatePay: z.boolean().default(false),
  usualFeeCents: z.number().int().min(0).max(10_000_000).optional(),
  insurance: z
    .object({
      practiceInsuranceId: z.number().int().positive(),
      insuranceNumber: z.string().trim().min(1, 'This is required.').max(40),
    })
    .nullable()
    .optional(),
});

export const addNewPatientForTherapists = defineCall(
  'POST',
  '/patient/addNewPatientForTherapists',
  {
    body: newClientBody,
    response: { 201: z.object({ patientId: z.number(), accountNumber: z.string() }) },
  },
);
