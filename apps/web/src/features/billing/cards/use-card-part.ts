import { useState } from 'react';

import {
  tokeniseLocalCard,
  useCardProcessors,
  usePayByCard,
  useSavedCards,
  type CardPaymentBody,
} from './api';
import type { CardChoice } from './card-payment-choice';
import { EMPTY_CARD } from './local-card-fields';

/** The take-payment form's card: which card, the typed one, and paying with it. */
export function useCardPart(patientId: number, enabled: boolean) {
  // Read only once Card is chosen: a cash payment needs neither.
  const cards = useSavedCards(patientId, enabled);
  const processors = useCardProcessors(patientId, enabled);
  const payByCard = usePayByCard(patientId);
  const [picked, setPicked] = useState<CardChoice | null>(null);
  const [card, setCard] = useState(EMPTY_CARD);
  const [tokenising, setTokenising] = useState(false);
  const usable = (cards.data ?? []).filter((c) => !c.expired);
  const processor = processors.data?.find((p) => p.kind === 'local');
  // The default card until the person picks another (or a card to type).
  const choice: CardChoice =
    picked ?? usable.find((c) => c.isDefault)?.cardId ?? usable[0]?.cardId ?? 'new';

  /** Charges the chosen card; a typed card is tokenised first (its number goes no further). */
  const pay = async (body: Omit<CardPaymentBody, 'cardId' | 'token' | 'processorId'>) => {
    if (choice !== 'new') return payByCard.mutateAsync({ ...body, cardId: choice });
    if (!processor) throw new Error('No card processor serves this client.');
    setTokenising(true);
    try {
      const token = await tokeniseLocalCard(processor.processorId, card);
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
    busy: payByCard.isPending || tokenising,
  };
}
