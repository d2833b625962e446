import { useCallback, useRef, useState } from 'react';

import { ApiError } from '../../../lib/api-client';
import type { CardChoice } from '../cards/card-payment-choice';
import { cardEntryProcessor } from '../cards/card-entry';
import { EMPTY_CARD } from '../cards/local-card-fields';
import { centsToInput, readMoney } from '../logic/money-input';
import { formErrorOf, type FormError } from '../logic/server-error';
import {
  tokenisePortalCard,
  usePayPortalBalance,
  type PortalAccount,
  type PortalPaymentAnswer,
} from './api';

const FIELDS = ['amountCents', 'cardId', 'token', 'number', 'expiration', 'cvc'];

/** The PaymentMethod id from Stripe's fields (which throw Stripe's refusal, on the card). */
function stripeToken(tokenise: (() => Promise<string>) | null): Promise<string> {
  if (tokenise) return tokenise();
  const message = "Stripe's card fields are not ready.";
  throw new ApiError(400, message, { message, field: 'token' });
}

/**
 * The portal payment form's state: the amount (the whole payable balance to start, never more),
 * which card (the default saved card, else a card typed now on the client's processor) and the
 * submission. The idempotency key is made once per form, so a double click is one payment; a
 * refusal wrote nothing, so the next try gets a new key the processor cannot take for a replay.
 */
export function usePortalPayment(
  account: PortalAccount,
  onPaid: (paid: PortalPaymentAnswer & { amountCents: number }) => void,
) {
  const pay = usePayPortalBalance();
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [amount, setAmount] = useState(() => centsToInput(account.payableCents));
  const [card, setCard] = useState(EMPTY_CARD);
  const [picked, setPicked] = useState<CardChoice | null>(null);
  const [tokenising, setTokenising] = useState(false);
  const [error, setError] = useState<FormError | null>(null);
  const stripeTokeniser = useRef<(() => Promise<string>) | null>(null);
  const setStripeTokeniser = useCallback((tokenise: (() => Promise<string>) | null) => {
    stripeTokeniser.current = tokenise;
  }, []);
  const usable = account.cards.filter((c) => !c.expired);
  const processor = cardEntryProcessor(account.processors);
  const choice: CardChoice =
    picked ?? usable.find((c) => c.isDefault)?.cardId ?? usable[0]?.cardId ?? 'new';
  const money = readMoney(amount, account.payableCents);
  // What the button says is what was typed, even over the balance (the field says why not).
  const typed = readMoney(amount).cents ?? 0;
  const busy = pay.isPending || tokenising;

  const send = async (amountCents: number) => {
    const base = { amountCents, idempotencyKey };
    if (choice !== 'new') return pay.mutateAsync({ ...base, cardId: choice });
    if (!processor) throw new Error('No card processor serves your account.');
    setTokenising(true);
    try {
      const token =
        processor.kind === 'stripe'
          ? await stripeToken(stripeTokeniser.current)
          : await tokenisePortalCard(processor.processorId, card);
      return await pay.mutateAsync({ ...base, token, processorId: processor.processorId });
    } finally {
      setTokenising(false);
    }
  };

  const submit = () => {
    if (busy) return;
    if (money.error !== undefined) {
      setError({ field: 'amountCents', message: money.error });
      return;
    }
    setError(null);
    const amountCents = money.cents;
    send(amountCents)
      .then((answer) => {
        onPaid({ ...answer, amountCents });
      })
      .catch((failure: unknown) => {
        if (failure instanceof ApiError && failure.status >= 400 && failure.status < 500)
          setIdempotencyKey(crypto.randomUUID());
        setError(formErrorOf(failure, FIELDS));
      });
  };

  return {
    amount,
    setAmount,
    cents: typed,
    cards: usable,
    processor,
    choice,
    setChoice: setPicked,
    card,
    setCard,
    setStripeTokeniser,
    submit,
    busy,
    errorOn: (field: string) => (error?.field === field ? error.message : null),
    formError: error?.field === null ? error.message : null,
  };
}
