import { z } from 'zod';
import { bodyId, queryId } from '../clients/profile-schemas.ts';

/** spec-2 §3 Eligibility request, plus the policy it is about and the dependent's relationship. */
export const checkBody = z.object({
  patientId: bodyId,
  /** The client's policy being checked; omitted: the client's default policy with this payer. */
  insuranceId: bodyId.nullable().optional(),
  payerId: z.string().trim().min(1, "Choose one of the practice's payers.").max(80),
  /** Ignored: the payer's name is the practice's label for payerId. */
  payerName: z.string().max(200).nullable().optional(),
  serviceCode: z.string().trim().min(1, 'Choose a service type from the list.').max(2),
  therapistId: bodyId,
  isDependent: z.boolean(),
  insuredFirstName: z.string().max(35).nullable().optional(),
  insuredLastName: z.string().max(60).nullable().optional(),
  /** The client's relationship to the insured when a dependent; default from the policy, else child. */
  insuredRelationship: z.enum(['spouse', 'child', 'other']).nullable().optional(),
  insuranceNumber: z.string().max(80),
});
export type CheckBody = z.infer<typeof checkBody>;

export const historyQuery = z.object({ patientId: queryId });
export const historyBody = z.object({ patientId: bodyId });
export const historyItemBody = z.object({ patientId: bodyId, eligibilityRequestId: bodyId });
