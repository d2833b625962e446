import { useCallback, useRef, useState } from 'react';

import { ApiError } from '../../../lib/api-client';

import {
  tokeniseLocalCard,
  useCardProcessors,
  usePayByCard,
  useSavedCards,
  type CardPaymentBody,
} from './api';
import type { CardChoice } from './card-payment-choice';
import { cardEntryProcessor } from './card-entry';
import { EMPTY_CARD } from './local-card-fields';

/** The PaymentMethod id from Stripe's fields (which throw Stripe's refusal, on the card). */
function stripeToken(tokenise: (() => Promise<string>) | null): Promise<string> {
  if (tokenise) return tokenise();
  const message = "Stripe's card fields are not ready.";
  throw new ApiError(400, message, { message, field: 'token' });
}

/** The take-payment form's card: which card, the typed one, and paying with it. */
export function useCardPart(patientId: number, enabled: boolean) {
  // Read only once Card is chosen: a cash payment needs neither.
  const cards = useSavedCards(patientId, enabled);
  const processors = useCardProcessors(patientId, enabled);
  const payByCard = usePayByCard(patientId);
  const [picked, setPicked] = useState<CardChoice | null>(null);
  const [card, setCard] = useState(EMPTY_CARD);
  const [tokenising, setTokenising] = useState(false);
  // Stripe's fields hand over how to turn the typed card into a PaymentMethod id.
  const stripeTokeniser = useRef<(() => Promise<string>) | null>(null);
  const setStripeTokeniser = useCallback((tokenise: (() => Promise<string>) | null) => {
    stripeTokeniser.current = tokenise;
  }, []);
  const usable = (cards.data ?? []).filter((c) => !c.expired);
  const processor = cardEntryProcessor(processors.data);
  // The default card until the person picks another (or a card to type).
  const choice: CardChoice =
    picked ?? usable.find((c) => c.isDefault)?.cardId ?? usable[0]?.cardId ?? 'new';

  /** Charges the chosen card; a typed card is tokenised first (its number goes no further). */
  const pay = async (body: Omit<CardPaymentBody, 'cardId' | 'token' | 'processorId'>) => {
    if (choice !== 'new') return payByCard.mutateAsync({ ...body, cardId: choice });
    if (!processor) throw new Error('No card processor serves this client.');
    setTokenising(true);
    try {
      const token =
        processor.kind === 'stripe'
          ? await stripeToken(stripeTokeniser.current)
          : await tokeniseLocalCard(processor.processorId, card);
      return await payByCard.mutateAsync({ ...body, token, processorId: processor.processorId });
    } finally {
      setTokenising(false);
    }
  };

  return {
    enabled,
    cards: usable,
    processor,
    choice,
    setChoice: setPicked,
    card,
    setCard,
    pay,
    setStripeTokeniser,
    busy: payByCard.isPending || tokenising,
  };
}
