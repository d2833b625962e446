/**
 * When a saved card counts as expired or expiring soon (issue 19 item 5, spec-1 §3
 * `cardExpiresIn`). The spec names the figure but not the window; the navigation's account
 * alert already warns at 30 days, so a client's card uses the same window: a month's notice is
 * time for the bank's new card to arrive and be entered before a payment fails. A card is good
 * through the last day of its expiry month (as card networks treat MM/YY), so it is expired
 * only from the first day of the next month.
 */

/** Days before the last valid day from which a card is "expiring soon". */
export const CARD_EXPIRING_SOON_DAYS = 30;

export type CardExpiryState = 'expired' | 'expiringSoon' | 'current';

export type CardExpiry = {
  /** Days from today to the card's last valid day: 0 on that day, negative once it has passed. */
  expiresInDays: number;
  state: CardExpiryState;
};

const DAY_MS = 86_400_000;

/** `today` is YYYY-MM-DD (the practice's day); the card's expiry is its month and 4-digit year. */
export function cardExpiry(card: { expMonth: number; expYear: number }, today: string): CardExpiry {
  // Day 0 of the following month is the last day of the expiry month (Date.UTC rolls over).
  const lastValidDay = Date.UTC(card.expYear, card.expMonth, 0);
  const todayMs = Date.parse(`${today}T00:00:00Z`);
  const expiresInDays = Math.round((lastValidDay - todayMs) / DAY_MS);
  const state: CardExpiryState =
    expiresInDays < 0
      ? 'expired'
      : expiresInDays <= CARD_EXPIRING_SOON_DAYS
        ? 'expiringSoon'
        : 'current';
  return { expiresInDays, state };
}

/**
 * What the client is told of one of their cards that needs attention; null for a current card.
 * Takes the expiry as `cardExpiry` answered it (the server sends it with each saved card).
 */
export function cardExpiryWarning(
  card: { brand: string; last4: string },
  expiry: CardExpiry,
): string | null {
  const { expiresInDays, state } = expiry;
  const name = `${card.brand} ending ${card.last4}`;
  if (state === 'expired')
    return `Your ${name} has expired. Please give the practice your new card.`;
  if (state === 'current') return null;
  const when =
    expiresInDays === 0
      ? 'today'
      : `in ${String(expiresInDays)} day${expiresInDays === 1 ? '' : 's'}`;
  return `Your ${name} expires ${when}. Please give the practice the new card from your bank before then.`;
}
