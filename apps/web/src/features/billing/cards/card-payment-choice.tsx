import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { lazy, Suspense, useId } from 'react';

import type { CardProcessor, LocalCardInput, SavedCard } from './api';
import { LocalCardFields } from './local-card-fields';

// Stripe's fields (and Stripe.js) load only when a card is typed for a Stripe processor.
const StripePaymentFields = lazy(async () => ({
  default: (await import('./stripe/stripe-elements')).StripePaymentFields,
}));

/** Which card pays: a saved card's id, or 'new' for a card typed now. */
export type CardChoice = number | 'new';

/**
 * The card part of the take-payment form: the client's saved cards (the default first), or a
 * card entered now on the client's processor (Stripe's Payment Element, or the local
 * processor's fields). A card entered here is charged once and not kept.
 */
export function CardPaymentChoice({
  cards,
  processor,
  choice,
  onChoice,
  card,
  onCard,
  errorOn,
  amountCents = 0,
  onStripeTokeniser,
}: {
  cards: readonly SavedCard[];
  /** Only what entering a card needs: the portal's processors carry no more than this. */
  processor: Pick<CardProcessor, 'kind' | 'publishableKey'> | undefined;
  choice: CardChoice;
  onChoice: (choice: CardChoice) => void;
  card: LocalCardInput;
  onCard: (card: LocalCardInput) => void;
  errorOn: (field: string) => string | null;
  /** What is being paid, for Stripe's fields. */
  amountCents?: number;
  onStripeTokeniser?: (tokenise: (() => Promise<string>) | null) => void;
}) {
  const labelId = useId();
  const refusal = errorOn('cardId') ?? errorOn('token');
  return (
    <FormControl error={refusal !== null}>
      <FormLabel id={labelId}>Card</FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        value={String(choice)}
        onChange={(event) => {
          const value = event.target.value;
          onChoice(value === 'new' ? 'new' : Number(value));
        }}
      >
        {cards
          .filter((c) => !c.expired)
          .map((c) => (
            <FormControlLabel
              key={c.cardId}
              value={String(c.cardId)}
              control={<Radio />}
              label={`${c.brand} ending ${c.last4} (expires ${c.expiration})${c.isDefault ? ', default' : ''}`}
            />
          ))}
        {processor && <FormControlLabel value="new" control={<Radio />} label="Enter a card" />}
      </RadioGroup>
      {refusal !== null && <FormHelperText role="alert">{refusal}</FormHelperText>}
      {choice === 'new' && processor?.kind === 'local' && (
        <LocalCardFields value={card} onChange={onCard} errorOn={(field) => errorOn(field)} />
      )}
      {choice === 'new' && processor?.kind === 'stripe' && onStripeTokeniser && (
        <Suspense fallback={null}>
          <StripePaymentFields
            processor={processor}
            amountCents={amountCents}
            onTokeniser={onStripeTokeniser}
          />
        </Suspense>
      )}
    </FormControl>
  );
}
