import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { localProcessor } from './local.ts';
import { stripeConfigFromEnv, stripeProcessor } from './stripe.ts';
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
};

export const STRIPE_NOT_SET_UP = 'Card payments through Stripe are not set up on this server.';

/** The adapter that speaks to one of a practice's processors. */
export function adapterFor(
  db: Db,
  setting: ProcessorSetting,
  now: () => Date,
): CardProcessorAdapter {
  if (setting.kind === 'local') return localProcessor(db, setting.practiceId, now);
  const config = stripeConfigFromEnv();
  if (!config) throw new AppError(409, STRIPE_NOT_SET_UP);
  return stripeProcessor(config, setting.accountRef);
}

/** What the browser needs to show Stripe's Payment Element; null for the local processor. */
export function publishableKeyFor(setting: Pick<ProcessorSetting, 'kind'>): string | null {
  return setting.kind === 'stripe' ? (stripeConfigFromEnv()?.publishableKey ?? null) : null;
}

export type { CardProcessorAdapter } from './types.ts';
