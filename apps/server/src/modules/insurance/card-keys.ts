import { randomToken } from '../../platform/tokens.ts';

/**
 * Insurance card photos in storage. Signed grants name a client, not a
 * policy, so the key carries the policy id for the upload follow-up to read.
 */
export const CARD_KIND = 'insurance_card';
/**
 * The card image is a PNG. The spec's browser sent 'application/png'; we use
 * the registered type, as photo IDs do, so browsers show the stored image.
 */
export const CARD_CONTENT_TYPE = 'image/png';

export function cardKey(practiceId: number, clientId: number, insuranceId: number): string {
  return `clients/${practiceId}/${clientId}/insurance-card-${insuranceId}-${randomToken(12)}.png`;
}

const CARD_KEY = /^clients\/(\d+)\/(\d+)\/insurance-card-(\d+)-[\w-]+\.png$/;

/** The policy a card key belongs to; null for any other key. */
export function policyOfCardKey(
  key: string,
): { practiceId: number; clientId: number; insuranceId: number } | null {
  const match = CARD_KEY.exec(key);
  if (!match) return null;
  return {
    practiceId: Number(match[1]),
    clientId: Number(match[2]),
    insuranceId: Number(match[3]),
  };
}
