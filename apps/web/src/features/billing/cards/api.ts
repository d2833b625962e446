import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type {
  createCustomerCard,
  listCards,
  listProcessors,
  localCardToken,
  payByCard,
  refundToCard,
  startCardSetup,
} from '@openpractice/contracts/billing/cards';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { billingApi } from '../../../config/paths/api-billing';
import { api } from '../../../lib/api-client';
import { billingKeys, useLedgerMutation, usePaymentMutation } from '../api';

/** Saved cards and paying by card (docs/card-payments.md): the calls and their cache. */

export type SavedCard = ResponseOf<typeof listCards>['data'][number];
export type CardProcessor = ResponseOf<typeof listProcessors>['data'][number];
export type CardPaymentBody = BodyOf<typeof payByCard>;
export type LocalCardInput = Omit<BodyOf<typeof localCardToken>, 'processorId'>;
export type CardRefundBody = BodyOf<typeof refundToCard>;
type CardsAnswer = ResponseOf<typeof listCards>;

const cardKeys = {
  cards: (patientId: number) => [...billingKeys.client(patientId), 'cards'] as const,
  processors: (patientId: number) => [...billingKeys.client(patientId), 'processors'] as const,
};

export function useSavedCards(patientId: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: cardKeys.cards(patientId),
    queryFn: ({ signal }) =>
      api.get<CardsAnswer>('/api/paymentCard/list', { query: { patientId }, signal }),
    select: (answer) => answer.data,
  });
}

/** The processors serving this client's therapists (spec-2 §6). */
export function useCardProcessors(patientId: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: cardKeys.processors(patientId),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listProcessors>>('/api/cardProcessor/list', {
        query: { patientId },
        signal,
      }),
    select: (answer) => answer.data.filter((p) => p.active),
    staleTime: 5 * 60_000,
  });
}

/** The local processor's tokenising call: the number goes there and only a token comes back. */
export async function tokeniseLocalCard(processorId: number, card: LocalCardInput) {
  const answer = await api.post<ResponseOf<typeof localCardToken>>(
    '/api/billing/localProcessor/tokens',
    { processorId, ...card },
  );
  return answer.data.token;
}

/** Every card call answers the client's cards as they now stand: they replace the cache. */
function useCardsMutation<Vars>(patientId: number, send: (vars: Vars) => Promise<CardsAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      queryClient.setQueryData(cardKeys.cards(patientId), answer);
    },
  });
}

export function useAddLocalCard(patientId: number) {
  return useCardsMutation(
    patientId,
    async ({ processorId, card }: { processorId: number; card: LocalCardInput }) => {
      const token = await tokeniseLocalCard(processorId, card);
      const body: BodyOf<typeof createCustomerCard> = { patientId, processorId, token };
      return api.post<CardsAnswer>('/api/paymentCard/createCustomerCard', body);
    },
  );
}

/** Starts a Stripe card set-up for the client: the SetupIntent's client secret. */
export async function startStripeSetup(patientId: number, processorId: number): Promise<string> {
  const answer = await api.post<ResponseOf<typeof startCardSetup>>('/api/paymentCard/startSetup', {
    patientId,
    processorId,
  });
  if (!answer.data.clientSecret) throw new Error('The processor started no card set-up.');
  return answer.data.clientSecret;
}

/** Keeps a card a processor's own fields tokenised (Stripe: the confirmed SetupIntent's id). */
export function useKeepCard(patientId: number) {
  return useCardsMutation(
    patientId,
    ({ processorId, token }: { processorId: number; token: string }) => {
      const body: BodyOf<typeof createCustomerCard> = { patientId, processorId, token };
      return api.post<CardsAnswer>('/api/paymentCard/createCustomerCard', body);
    },
  );
}

export function useSetDefaultCard(patientId: number) {
  return useCardsMutation(patientId, (cardId: number) =>
    api.post<CardsAnswer>('/api/paymentCard/save', { patientId, cardId, isDefault: true }),
  );
}

export function useDeleteCard(patientId: number) {
  return useCardsMutation(patientId, (cardId: number) =>
    api.post<CardsAnswer>('/api/deletePatientCard', { patientId, cardId }),
  );
}

/** A card payment; it answers where it leaves the client (and the receipt), as other payments do. */
export function usePayByCard(patientId: number) {
  return usePaymentMutation(patientId, (body: CardPaymentBody) =>
    api.post<ResponseOf<typeof payByCard>>(
      `/api/billing/clients/${encodeURIComponent(String(patientId))}/cardPayments`,
      body,
    ),
  );
}

/** A refund to the card the payment came from, through the processor that charged it. */
export function useRefundToCard(patientId: number) {
  return useLedgerMutation(
    patientId,
    ({ paymentId, ...body }: CardRefundBody & { paymentId: number }) =>
      api.post<ResponseOf<typeof refundToCard>>(billingApi.cardRefunds(patientId, paymentId), body),
  );
}
