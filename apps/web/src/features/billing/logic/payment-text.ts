import { formatMoney } from '@openpractice/domain';

import type { DueNow, ReceiptOutcome } from '../api';

/**
 * What the amount field says of what is due now: the total, and when today's sessions are part
 * of it (not charged yet), how much of it they are, so the person knows why it is more than
 * the open charges.
 */
export function dueNowHint(
  due: Pick<DueNow, 'dueNowCents' | 'chargesDueCents' | 'todayCents' | 'sessions'>,
) {
  const total = `Due now: ${formatMoney(due.dueNowCents)}`;
  if (due.todayCents === 0) return `${total}.`;
  const sessions =
    due.sessions.length === 1 ? 'session' : `${String(due.sessions.length)} sessions`;
  const today = `today’s ${sessions} (not charged yet) ${formatMoney(due.todayCents)}`;
  return due.chargesDueCents > 0
    ? `${total}: open charges ${formatMoney(due.chargesDueCents)} and ${today}.`
    : `${total}, for ${today}${due.dueNowCents < due.todayCents ? ', less the credit on account' : ''}.`;
}

/** What became of the receipt the person asked for, in their words. */
export function receiptText(receipt: ReceiptOutcome): { text: string; ok: boolean } {
  switch (receipt.status) {
    case 'sent':
      return { text: 'A receipt was emailed.', ok: true };
    case 'logged':
      return {
        text: 'The receipt is kept in the email log: this server does not send email.',
        ok: true,
      };
    case 'failed':
      return { text: 'The receipt could not be emailed; it is kept in the email log.', ok: false };
    case 'suppressed':
      return {
        text: 'No receipt was sent: the address is on the practice’s suppression list.',
        ok: false,
      };
    case 'no_address':
      return {
        text: 'No receipt was sent: there is no email address for the client or their responsible party.',
        ok: false,
      };
  }
}
