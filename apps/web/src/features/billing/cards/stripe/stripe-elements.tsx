import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

import { ApiError, errorMessage } from '../../../../lib/api-client';
import { PageSpinner } from '../../../../ui/page-spinner';
import { startStripeSetup, useKeepCard, type CardProcessor } from '../api';
import {
  STRIPE_MESSAGES,
  loadStripeJs,
  paymentElementOptions,
  paymentMethodOutcome,
  setupOutcome,
  type StripeLoad,
} from './stripe-logic';

/**
 * Stripe's Payment Element (issue 19 item 6): the card number is typed into Stripe's frame and
 * never reaches our server or its logs. This module is loaded only where a card is entered
 * through a Stripe processor, and Stripe.js itself only then.
 */

/** How Stripe.js is loaded: js.stripe.com unless a test provides another loader. */
export const StripeLoaderContext = createContext<StripeLoad | undefined>(undefined);

/** Stripe.js for this key; a page that cannot load it says so and offers to try again. */
function WithStripe({
  processor,
  children,
}: {
  processor: Pick<CardProcessor, 'publishableKey'>;
  children: (stripe: Stripe) => ReactNode;
}) {
  const key = processor.publishableKey;
  const load = useContext(StripeLoaderContext);
  const loaded = useQuery({
    enabled: key !== null,
    queryKey: ['stripe-js', key],
    queryFn: () => loadStripeJs(key ?? '', load),
    retry: false,
    staleTime: Infinity,
  });
  if (key === null)
    return (
      <Alert severity="warning" data-testid="stripe-notice">
        {STRIPE_MESSAGES.notSetUp}
      </Alert>
    );
  if (loaded.isError)
    return (
      <Alert
        severity="error"
        data-testid="stripe-notice"
        action={
          <Button color="inherit" size="small" onClick={() => void loaded.refetch()}>
            Try again
          </Button>
        }
      >
        {STRIPE_MESSAGES.cannotLoad}
      </Alert>
    );
  if (!loaded.data) return <PageSpinner label="Loading Stripe's card fields" />;
  return <>{children(loaded.data)}</>;
}

type SetupProps = {
  patientId: number;
  processor: CardProcessor;
  onDone: () => void;
  /** Spec-2 §8 'Unable to add card.', given by the panel that owns the messages. */
  addFailed: string;
};

function SetupForm({ patientId, processor, onDone, addFailed }: SetupProps) {
  const stripe = useStripe();
  const elements = useElements();
  const keep = useKeepCard(patientId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Stack
      component="form"
      spacing={2}
      sx={{ maxWidth: 480 }}
      aria-label="Add a card"
      onSubmit={(event) => {
        event.preventDefault();
        if (!stripe || !elements || busy) return;
        setBusy(true);
        setRefusal(null);
        // The browser confirms with Stripe; we keep what Stripe then says of the SetupIntent.
        void stripe
          .confirmSetup({ elements, redirect: 'if_required' })
          .then((result) => {
            const outcome = setupOutcome(result);
            if (!outcome.ok) {
              setRefusal(outcome.message);
              return;
            }
            keep.mutate(
              { processorId: processor.processorId, token: outcome.token },
              { onSuccess: onDone },
            );
          })
          .finally(() => {
            setBusy(false);
          });
      }}
    >
      {refusal !== null && <Alert severity="error">{refusal}</Alert>}
      {keep.isError && <Alert severity="error">{`${addFailed} ${errorMessage(keep.error)}`}</Alert>}
      <PaymentElement />
      <Stack direction="row" spacing={2}>
        <Button type="submit" variant="contained" loading={busy || keep.isPending}>
          Save card
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </Stack>
    </Stack>
  );
}

/** Saving a card through Stripe: a SetupIntent for the client, confirmed in Stripe's frame. */
export function StripeCardSetup(props: SetupProps) {
  const { patientId, processor } = props;
  return (
    <WithStripe processor={processor}>
      {(stripe) => (
        <SetupIntentElements patientId={patientId} processor={processor} stripe={stripe}>
          <SetupForm {...props} />
        </SetupIntentElements>
      )}
    </WithStripe>
  );
}

/** The SetupIntent is made only once Stripe.js is here: no customer for fields never shown. */
function SetupIntentElements({
  patientId,
  processor,
  stripe,
  children,
}: {
  patientId: number;
  processor: CardProcessor;
  stripe: Stripe;
  children: ReactNode;
}) {
  const setup = useQuery({
    queryKey: ['stripe-setup', patientId, processor.processorId],
    queryFn: () => startStripeSetup(patientId, processor.processorId),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  if (setup.isError) return <Alert severity="error">{errorMessage(setup.error)}</Alert>;
  if (!setup.data) return <PageSpinner label="Preparing the card fields" />;
  return (
    <Elements stripe={stripe} options={{ clientSecret: setup.data }}>
      {children}
    </Elements>
  );
}

/** Hands the payment form a way to turn the typed card into a PaymentMethod id. */
function PaymentFields({
  onTokeniser,
}: {
  onTokeniser: (tokenise: (() => Promise<string>) | null) => void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    if (!stripe || !elements) return;
    // Stripe's refusal is shown on the card field, as the server's refusals are.
    const refuse = (message: string) => new ApiError(400, message, { message, field: 'token' });
    onTokeniser(async () => {
      const submitted = await elements.submit();
      if (submitted.error) throw refuse(submitted.error.message ?? STRIPE_MESSAGES.notConfirmed);
      const outcome = paymentMethodOutcome(await stripe.createPaymentMethod({ elements }));
      if (!outcome.ok) throw refuse(outcome.message);
      return outcome.token;
    });
    return () => {
      onTokeniser(null);
    };
  }, [stripe, elements, onTokeniser]);
  return <PaymentElement />;
}

/**
 * A card typed for one payment through Stripe: our server makes and confirms the PaymentIntent
 * with our idempotency key, from the PaymentMethod made here.
 */
export function StripePaymentFields({
  processor,
  amountCents,
  onTokeniser,
}: {
  processor: Pick<CardProcessor, 'publishableKey'>;
  amountCents: number;
  onTokeniser: (tokenise: (() => Promise<string>) | null) => void;
}) {
  return (
    <WithStripe processor={processor}>
      {(stripe) => (
        <Elements stripe={stripe} options={paymentElementOptions(amountCents)}>
          <PaymentFields onTokeniser={onTokeniser} />
        </Elements>
      )}
    </WithStripe>
  );
}
