import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { cardExpiryWarning } from '@openpractice/domain';

import type { SavedCard } from '../cards/api';

/**
 * A warning for each of the client's cards that has expired or expires within the domain's
 * window (`cardExpiry`, 30 days), so a new card is entered before a payment fails.
 */
export function CardWarnings({ cards }: { cards: readonly SavedCard[] }) {
  const warnings = cards.flatMap((card) => {
    const message = cardExpiryWarning(card, {
      expiresInDays: card.expiresInDays,
      state: card.expiryState,
    });
    return message === null ? [] : [{ cardId: card.cardId, message, expired: card.expired }];
  });
  if (warnings.length === 0) return null;
  return (
    <Stack spacing={1} data-testid="card-warnings">
      {warnings.map((w) => (
        <Alert key={w.cardId} severity={w.expired ? 'error' : 'warning'}>
          {w.message}
        </Alert>
      ))}
    </Stack>
  );
}
