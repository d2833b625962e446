import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { lazy, Suspense, useState } from 'react';

import { ApiError, errorMessage } from '../../../lib/api-client';
import { useConfirm } from '../../../ui/confirm/use-confirm';
import { useNotify } from '../../../ui/snackbar/use-notify';
import {
  useAddLocalCard,
  useCardProcessors,
  useDeleteCard,
  useSavedCards,
  useSetDefaultCard,
  type SavedCard,
} from './api';
import { cardEntryProcessor } from './card-entry';
import { EMPTY_CARD, LocalCardFields } from './local-card-fields';
import { CARD_MESSAGES } from './messages';

const cardName = (card: SavedCard) => `${card.brand} ending ${card.last4}`;

// Stripe's fields (and Stripe.js) load only when a card is entered through Stripe.
const StripeCardSetup = lazy(async () => ({
  default: (await import('./stripe/stripe-elements')).StripeCardSetup,
}));

/** Adding a card: Stripe's Payment Element, or the local processor's own fields. */
function AddCard({ patientId, onDone }: { patientId: number; onDone: () => void }) {
  const processors = useCardProcessors(patientId);
  const processor = cardEntryProcessor(processors.data);
  if (processor?.kind === 'stripe')
    return (
      <Suspense fallback={null}>
        <StripeCardSetup
          patientId={patientId}
          processor={processor}
          onDone={onDone}
          addFailed={CARD_MESSAGES.add}
        />
      </Suspense>
    );
  if (processors.isSuccess && !processor)
    return <Alert severity="warning">No card processor serves this client’s therapists.</Alert>;
  return <AddLocalCard patientId={patientId} onDone={onDone} local={processor} />;
}

function AddLocalCard({
  patientId,
  onDone,
  local,
}: {
  patientId: number;
  onDone: () => void;
  local: { processorId: number } | undefined;
}) {
  const add = useAddLocalCard(patientId);
  const [card, setCard] = useState(EMPTY_CARD);
  const failure = add.error;
  const errorOn = (field: string) =>
    failure instanceof ApiError && failure.field === field ? failure.message : null;
  const formError =
    failure && !(failure instanceof ApiError && failure.field)
      ? `${CARD_MESSAGES.add} ${errorMessage(failure)}`
      : null;
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      sx={{ maxWidth: 480 }}
      aria-label="Add a card"
      onSubmit={(event) => {
        event.preventDefault();
        if (!local || add.isPending) return;
        add.mutate({ processorId: local.processorId, card }, { onSuccess: onDone });
      }}
    >
      {formError !== null && <Alert severity="error">{formError}</Alert>}
      <LocalCardFields value={card} onChange={setCard} errorOn={errorOn} />
      <Stack direction="row" spacing={2}>
        <Button type="submit" variant="contained" loading={add.isPending} disabled={!local}>
          Save card
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </Stack>
    </Stack>
  );
}

/** The card's expiry, with the days left once it is expiring soon (the domain's window). */
function expiryText(card: SavedCard): string {
  if (card.expiryState !== 'expiringSoon') return `Expires ${card.expiration}`;
  const days = card.expiresInDays;
  return `Expires ${card.expiration} (${days === 0 ? 'today' : `in ${String(days)} day${days === 1 ? '' : 's'}`})`;
}

/** One card: its name, expiry, default and expired or expiring marks, and what may be done. */
function CardRow({
  card,
  onDefault,
  onDelete,
}: {
  card: SavedCard;
  onDefault: () => void;
  onDelete: () => void;
}) {
  return (
    <ListItem
      divider
      secondaryAction={
        <Stack direction="row" spacing={1}>
          {!card.isDefault && (
            <Button
              size="small"
              onClick={onDefault}
              aria-label={`Make ${cardName(card)} the default`}
            >
              Make default
            </Button>
          )}
          <Button
            size="small"
            color="error"
            onClick={onDelete}
            aria-label={`Delete ${cardName(card)}`}
          >
            Delete
          </Button>
        </Stack>
      }
    >
      <ListItemText
        primary={
          <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <span>{cardName(card)}</span>
            {card.isDefault && <Chip size="small" label="Default" />}
            {card.expiryState === 'expired' && <Chip size="small" color="error" label="Expired" />}
            {card.expiryState === 'expiringSoon' && (
              <Chip size="small" color="warning" label="Expires soon" />
            )}
          </Stack>
        }
        secondary={expiryText(card)}
      />
    </ListItem>
  );
}

/**
 * The client's saved cards (spec-2 §2 saved cards; issue 19 item 5): each with its expiry and
 * whether it is the default; set the default, delete with a confirmation (a failure shows the
 * spec's message and the server's for 7000 ms), add a card.
 */
export function SavedCardsPanel({
  patientId,
  withHeading = true,
}: {
  patientId: number;
  /** false inside the profile, whose tab already says 'Saved cards'. */
  withHeading?: boolean;
}) {
  const cards = useSavedCards(patientId);
  const setDefault = useSetDefaultCard(patientId);
  const remove = useDeleteCard(patientId);
  const confirm = useConfirm();
  const notify = useNotify();
  const [adding, setAdding] = useState(false);

  const askDelete = (card: SavedCard) => {
    void confirm({
      title: 'Delete this card?',
      message: `${cardName(card)} will no longer be kept for this client.`,
      confirmText: 'Delete',
      color: 'error',
    }).then((yes) => {
      if (!yes) return;
      remove.mutate(card.cardId, {
        onError: (error) => {
          notify.error(`${CARD_MESSAGES.delete} ${errorMessage(error)}`, {
            duration: CARD_MESSAGES.deleteToastMs,
          });
        },
      });
    });
  };

  return (
    <Stack
      spacing={2}
      component="section"
      {...(withHeading
        ? { 'aria-labelledby': 'saved-cards-heading' }
        : { 'aria-label': 'Saved cards' })}
    >
      {withHeading && (
        <Typography component="h2" variant="h6" id="saved-cards-heading">
          Saved cards
        </Typography>
      )}
      {cards.isError && <Alert severity="error">{CARD_MESSAGES.fetch}</Alert>}
      {cards.data?.length === 0 && (
        <Typography color="text.secondary">No cards are kept for this client.</Typography>
      )}
      {cards.data && cards.data.length > 0 && (
        <List aria-label="Saved cards" dense>
          {cards.data.map((card) => (
            <CardRow
              key={card.cardId}
              card={card}
              onDefault={() => {
                setDefault.mutate(card.cardId, {
                  onError: () => notify.error(CARD_MESSAGES.save),
                });
              }}
              onDelete={() => {
                askDelete(card);
              }}
            />
          ))}
        </List>
      )}
      {adding ? (
        <AddCard
          patientId={patientId}
          onDone={() => {
            setAdding(false);
          }}
        />
      ) : (
        <Button
          variant="outlined"
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => {
            setAdding(true);
          }}
        >
          Add a card
        </Button>
      )}
    </Stack>
  );
}
