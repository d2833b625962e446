import { randomToken } from '../../platform/tokens.ts';

/**
 * Insurance card photos in storage. The upload link's row names the policy;
 * the key carries its id too, so a file in storage says whose card it is.
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
