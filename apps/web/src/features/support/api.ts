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

export interface SupportTicketInput {
  subject: string;
  message: string;
  pageUrl: string;
  errorMessage?: string;
}

export function sendSupportTicket(input: SupportTicketInput): Promise<{ id: number }> {
  return api.post<{ id: number }>(apiPaths.supportTickets, {
    ...input,
    pageUrl: input.pageUrl.slice(0, SUPPORT_TICKET_LIMITS.pageUrl),
    errorMessage: input.errorMessage?.slice(0, SUPPORT_TICKET_LIMITS.errorMessage),
  });
}

export function useSendSupportTicket() {
  return useMutation({ mutationFn: sendSupportTicket });
}
