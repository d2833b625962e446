import { z } from 'zod';
import { dateSchema, idParamSchema, pdfFile } from '../common.ts';
import { defineCall } from '../define.ts';

/**
 * A superbill (issue 19 item 3): the client-facing itemised receipt a client sends to their
 * insurer for out-of-network reimbursement. A separate document from the statement, because
 * clients confuse the two: it lists each service with its codes (diagnosis, CPT, modifiers,
 * place of service), the provider's and practice's identifiers (NPI, TIN), the fees and what
 * the client paid. Drawn from the ledger as it is now; nothing is stored.
 */
export const superbillPdf = defineCall('GET', '/billing/clients/:patientId/superbill', {
  params: z.object({ patientId: idParamSchema }),
  querystring: z
    .object({ from: dateSchema(), to: dateSchema() })
    .refine((p) => p.from <= p.to, { message: 'must not be before the start', path: ['to'] }),
  response: { 200: pdfFile.describe('The PDF') },
  hide: true,
});
