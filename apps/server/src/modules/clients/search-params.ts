import {
  CLIENT_SEARCH_CONTEXTS,
  CLIENT_SEARCH_LIMIT,
  CLIENT_SEARCH_SORT_KEYS,
  CLIENT_STATUSES,
} from '@openpractice/domain';
import { z } from 'zod';

/** Comma-separated ids in a query string: "3,5,8". */
const idList = z
  .string()
  .max(2000)
  .regex(/^\d+(,\d+)*$/, 'Use comma-separated numbers, e.g. 3,5,8.')
  .transform((s) => s.split(',').map(Number));

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Sort keys come from the domain allow-list; the SQL for each lives in search-queries.ts. */
export const SORT_KEYS = CLIENT_SEARCH_SORT_KEYS;
export type SortKey = (typeof SORT_KEYS)[number];

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
  sortBy: z.enum(SORT_KEYS).default('name'),
  sortDir: z.enum(['asc', 'desc']).default('asc'),
  /** Pages need the total; the typeahead does not and skips the count. */
  includeTotal: flag.optional(),
  /** Accepted for compatibility with the spec's terms; the search is always within the acting practice. */
  customerIds: z.string().max(2000).optional(),
  byCustomer: flag.optional(),
});

export type SearchQuery = z.infer<typeof searchQuery>;
