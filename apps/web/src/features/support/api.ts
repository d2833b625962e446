import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type { createSupportTicket } from '@openpractice/contracts/support';
import { useMutation } from '@tanstack/react-query';

import { apiPaths } from '../../config/paths';
import { api } from '../../lib/api-client';

/** Limits of `POST /api/support/tickets`; the form checks them before sending. */
export const SUPPORT_TICKET_LIMITS = {
  subject: 200,
  message: 5000,
  pageUrl: 2000,
  errorMessage: 5000,
} as const;

export type SupportTicketInput = BodyOf<typeof createSupportTicket>;

export function sendSupportTicket(input: SupportTicketInput) {
  return api.post<ResponseOf<typeof createSupportTicket>>(apiPaths.supportTickets, {
    ...input,
    pageUrl: input.pageUrl.slice(0, SUPPORT_TICKET_LIMITS.pageUrl),
    errorMessage: input.errorMessage?.slice(0, SUPPORT_TICKET_LIMITS.errorMessage),
  } satisfies SupportTicketInput);
}

export function useSendSupportTicket() {
  return useMutation({ mutationFn: sendSupportTicket });
}
