import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { openSecret } from '../../../platform/secret-box.ts';
import { localProcessor } from './local.ts';
import { stripeProcessor, type StripeConfig } from './stripe.ts';
import type { CardProcessorAdapter } from './types.ts';

export type ProcessorSetting = {
  processorId: number;
  practiceId: number;
  kind: 'local' | 'stripe';
  name: string;
  accountRef: string | null;
  allTherapists: boolean;
  therapistIds: number[];
  feePercentBp: number;
  feeFixedCents: number;
  active: boolean;
  /** The practice's own Stripe account (set-up page); null: the server's account, or local. */
  publishableKey: string | null;
  secretKeySealed: string | null;
  webhookSecretSealed: string | null;
  accountLabel: string | null;
  liveMode: boolean | null;
  connectedAt: Date | null;
};

export const STRIPE_NOT_SET_UP = 'Card payments through Stripe are not set up on this server.';
export const STRIPE_KEYS_UNREADABLE =
  'The Stripe keys of this processor cannot be read on this server. Connect the Stripe account again.';

/** The secret box's purposes for a practice's Stripe secrets; the context names the processor. */
export const SECRET_PURPOSE = {
  secretKey: 'card-processor-stripe-secret-key',
  webhookSecret: 'card-processor-stripe-webhook-secret',
} as const;
export const secretContext = (setting: Pick<ProcessorSetting, 'practiceId' | 'processorId'>) =>
  `${setting.practiceId}:${setting.processorId}`;

export type CardProcessingEnv = {
  /** The secret box's master key (the audit key, kept outside the database). */
  key: Buffer;
  stripe: {
    account: { secretKey: string; publishableKey: string; webhookSecret: string | null } | null;
    apiUrl: string | null;
  };
};

/**
 * Set once when the billing module is registered. A module value rather than a parameter:
 * every service that charges or keeps a card reaches its adapter through adapterFor, and the
 * server's Stripe settings and key do not change while it runs.
 */
let processingEnv: CardProcessingEnv | null = null;

export function configureCardProcessing(env: CardProcessingEnv): void {
  processingEnv = env;
}

function envOrFail(): CardProcessingEnv {
  if (!processingEnv) throw new Error('card processing is not configured (billing module)');
  return processingEnv;
}

function opened(setting: ProcessorSetting, purpose: string, sealed: string): string {
  const plain = openSecret(envOrFail().key, purpose, secretContext(setting), sealed);
  if (plain === null) throw new AppError(409, STRIPE_KEYS_UNREADABLE);
  return plain;
}

/** Whose Stripe account a processor uses: its own keys, else the server's; null: neither. */
export function stripeConfigFor(setting: ProcessorSetting): StripeConfig | null {
  if (setting.kind !== 'stripe') return null;
  const env = envOrFail();
  if (setting.secretKeySealed !== null)
    return {
      secretKey: opened(setting, SECRET_PURPOSE.secretKey, setting.secretKeySealed),
      publishableKey: setting.publishableKey,
      webhookSecret:
        setting.webhookSecretSealed === null
          ? null
          : opened(setting, SECRET_PURPOSE.webhookSecret, setting.webhookSecretSealed),
      apiUrl: env.stripe.apiUrl,
    };
  return env.stripe.account ? { ...env.stripe.account, apiUrl: env.stripe.apiUrl } : null;
}

/** The server's own Stripe account (STRIPE_*), for its webhook route; null when none. */
export function serverStripeConfig(): StripeConfig | null {
  const env = envOrFail();
  return env.stripe.account ? { ...env.stripe.account, apiUrl: env.stripe.apiUrl } : null;
}

/** Keys are checked against Stripe at this address (tests: the local replay server). */
export const stripeApiUrl = (): string | null => envOrFail().stripe.apiUrl;

/** The adapter that speaks to one of a practice's processors. */
export function adapterFor(
  db: Db,
  setting: ProcessorSetting,
  now: () => Date,
): CardProcessorAdapter {
  if (setting.kind === 'local') return localProcessor(db, setting.practiceId, now);
  const config = stripeConfigFor(setting);
  if (!config) throw new AppError(409, STRIPE_NOT_SET_UP);
  // A practice's own account is addressed directly; a connected account through the server's.
  return stripeProcessor(config, setting.secretKeySealed === null ? setting.accountRef : null);
}

/** What the browser needs to show Stripe's Payment Element; null for the local processor. */
export function publishableKeyFor(setting: ProcessorSetting): string | null {
  if (setting.kind !== 'stripe') return null;
  if (setting.secretKeySealed !== null) return setting.publishableKey;
  return envOrFail().stripe.account?.publishableKey ?? null;
}

export type { CardProcessorAdapter } from './types.ts';
