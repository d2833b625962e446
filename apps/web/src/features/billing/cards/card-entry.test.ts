import { describe, expect, it } from 'vitest';

import { cardEntryProcessor } from './card-entry';

const local = { processorId: 1, kind: 'local' as const, active: true };
const stripe = { processorId: 2, kind: 'stripe' as const, active: true };

describe('the processor a card is entered on', () => {
  it.each([
    ['none', [], undefined],
    ['only the local one', [local], local],
    ['Stripe before the local one', [local, stripe], stripe],
    ['not an inactive one', [local, { ...stripe, active: false }], local],
  ])('%s', (_name, processors, expected) => {
    expect(cardEntryProcessor(processors)).toEqual(expected);
  });
});
