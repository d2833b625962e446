import { describe, expect, it } from 'vitest';
import {
  CLAIM_EVENT_KINDS,
  claimStatusAfter,
  claimStatusOf,
  type ClaimEvent,
  type ClaimStatus,
} from './status.ts';

const created = (errors: number): ClaimEvent => ({ kind: 'created', errors });
const scrubbed = (errors: number): ClaimEvent => ({ kind: 'scrubbed', errors });
const at = (kind: ClaimEvent['kind']): ClaimEvent => ({ kind });

describe('claimStatusOf', () => {
  it.each<[string, ClaimEvent[], ClaimStatus | null]>([
    ['no events', [], null],
    ['created clean', [created(0)], 'readyToSubmit'],
    ['created with a blocking problem', [created(2)], 'scrubProblem'],
    ['a problem fixed', [created(1), scrubbed(0)], 'readyToSubmit'],
    ['a ready claim broken by a change', [created(0), scrubbed(1)], 'scrubProblem'],
    ['submitted', [created(0), at('submitted')], 'submitted'],
    [
      'a scrub after submission changes nothing',
      [created(0), at('submitted'), scrubbed(3)],
      'submitted',
    ],
    [
      'acknowledged is a receipt only',
      [created(0), at('submitted'), at('acknowledged')],
      'submitted',
    ],
    ['accepted', [created(0), at('submitted'), at('accepted')], 'accepted'],
    ['rejected', [created(0), at('submitted'), at('rejected')], 'rejected'],
    [
      'rejected, fixed and ready again',
      [created(0), at('submitted'), at('rejected'), scrubbed(0)],
      'readyToSubmit',
    ],
    [
      'rejected, still wrong',
      [created(0), at('submitted'), at('rejected'), scrubbed(1)],
      'scrubProblem',
    ],
    ['failed', [created(0), at('submitted'), at('failed')], 'failed'],
    ['missing', [created(0), at('submitted'), at('missing')], 'missing'],
    ['paid', [created(0), at('submitted'), at('accepted'), at('paid')], 'paid'],
    ['denied', [created(0), at('submitted'), at('accepted'), at('denied')], 'denied'],
    [
      'a remittance that did not post',
      [created(0), at('submitted'), at('problemEra')],
      'problemEra',
    ],
    ['voided', [created(0), at('submitted'), at('paid'), at('voided')], 'voided'],
    [
      'replaced by a corrected version',
      [created(0), at('submitted'), at('superseded')],
      'superseded',
    ],
  ])('%s', (_label, events, status) => {
    expect(claimStatusOf(events)).toBe(status);
  });

  it('derives each status from the one before, as the stored events do', () => {
    const events = [created(1), scrubbed(0), at('submitted'), at('acknowledged'), at('accepted')];
    let before: ClaimStatus | null = null;
    for (const [index, event] of events.entries()) {
      before = claimStatusAfter(before, event);
      expect(before).toBe(claimStatusOf(events.slice(0, index + 1)));
    }
  });

  it('knows every kind of event', () => {
    for (const kind of CLAIM_EVENT_KINDS)
      expect(claimStatusAfter('readyToSubmit', { kind, errors: 0 })).not.toBeNull();
  });
});
