import { z } from 'zod';
import { bodyId, dataOf, pdfFile } from '../common.ts';
import { defineCall } from '../define.ts';
import { claimList } from './claims.ts';

/**
 * Paper claims (issue 20 item 5; spec-1 §2 /billing/claim/printPrimary, printSecondary,
 * printSimple), billing role. `primary` and `secondary` are the claims ready to submit whose
 * payer the practice is not enrolled with for electronic claims, by the claim's turn (a
 * secondary one also when only the primary's adjudication is missing: its EOB goes with the
 * paper); printed on the CMS-1500 (02/12) they are submitted. `simple` is every claim ready to submit, printed
 * as a one-page plain summary for the client or any payer; a copy, so the claim stays ready.
 * docs/claims-api.md says why.
 */
export const printList = z.enum(['primary', 'secondary', 'simple']);

/** One print list's claims, oldest service first, as the claim lists answer them. */
export const listPrintClaims = defineCall('GET', '/claims/print/:list', {
  params: z.object({ list: printList }),
  querystring: z.object({
    limit: z.coerce.number().int().min(1).max(200).default(50),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  }),
  response: { 200: dataOf(claimList) },
});

/** The printer offset's bounds, in points (72 to the inch): half an inch either way. */
export const MAX_PRINT_OFFSET = 36;
const offset = z.number().min(-MAX_PRINT_OFFSET).max(MAX_PRINT_OFFSET);

export const printClaimsInput = z.object({
  list: printList,
  /** The claims, in the order their forms print; each must be on the list. */
  claimIds: z.array(bodyId).min(1).max(100),
  /**
   * `data`: the values only, in 10-pitch Courier capitals, for red pre-printed forms; `form`:
   * the form's boxes and labels drawn in red under them, for plain paper. Not used by `simple`.
   */
  mode: z.enum(['data', 'form']).default('form'),
  /** Moves everything printed right (x) and down (y), in points, to meet a printer's feed. */
  offsetX: offset.default(0),
  offsetY: offset.default(0),
});

/** The PDF of the chosen claims, one after another; primary and secondary become submitted. */
export const printClaims = defineCall('POST', '/claims/print', {
  body: printClaimsInput,
  response: { 200: pdfFile.describe('The PDF') },
  hide: true,
});
