import type * as contract from '@openpractice/contracts/billing/cards';
import { publishableKeyFor, type ProcessorSetting } from './processors/index.ts';
import type { CardFacts } from './processors/types.ts';

/**
 * A processor as the pages see it: fees, therapists, whether money moves, the publishable key
 * (public by design) and which Stripe account it is; never a secret, only whether one is kept.
 */
export function processorAnswer(
  setting: ProcessorSetting,
  publicUrl: string,
): contract.CardProcessor {
  const ownAccount =
    setting.secretKeySealed !== null && setting.connectedAt !== null
      ? {
          label: setting.accountLabel ?? '',
          liveMode: setting.liveMode ?? false,
          connectedAt: setting.connectedAt,
          hasWebhookSecret: setting.webhookSecretSealed !== null,
          webhookUrl: `${publicUrl}/api/billing/processors/stripe/webhook/${String(setting.processorId)}`,
        }
      : null;
  return {
    processorId: setting.processorId,
    kind: setting.kind,
    name: setting.name,
    allTherapists: setting.allTherapists,
    therapistIds: setting.therapistIds,
    feePercentBp: setting.feePercentBp,
    feeFixedCents: setting.feeFixedCents,
    active: setting.active,
    movesMoney: setting.kind !== 'local',
    publishableKey: publishableKeyFor(setting),
    stripeAccount: ownAccount,
  };
}

/** What the local processor's tokenising call answers: the token and what a processor tells. */
export function localTokenAnswer(facts: CardFacts) {
  return {
    token: facts.cardRef,
    brand: facts.brand,
    last4: facts.last4,
    expiration: `${String(facts.expMonth).padStart(2, '0')}/${String(facts.expYear % 100).padStart(2, '0')}`,
  };
}
