/**
 * A statement (issue 19 item 3): an immutable snapshot of a client's account for a period —
 * the opening balance, what happened in the period (charges, payments, adjustments, refunds),
 * the closing balance and its aging as of the period's last day. Each entry is dated by its
 * date of service (charges) or the day it was recorded (everything else), in the practice's
 * zone. Allocations move money between a payment and charges, not the balance: they are not
 * lines.
 */
import { agingOf, type Aging } from './aging.ts';
import { Ledger, balanceEffect, type LedgerEntry } from './ledger.ts';

export type DatedEntry = LedgerEntry & {
  /** YYYY-MM-DD: date of service for charges, else the day recorded. */
  day: string;
  description: string;
};

export type StatementLine = {
  day: string;
  kind: Exclude<LedgerEntry['kind'], 'allocation'>;
  description: string;
  /** What the line adds to the balance: charges and refunds up, payments and adjustments down. */
  amountCents: number;
};

export type StatementFigures = {
  from: string;
  to: string;
  openingCents: number;
  lines: StatementLine[];
  closingCents: number;
  /** What is asked of the client now: the closing balance, never below zero. */
  amountDueCents: number;
  aging: Aging;
};

export function statementFigures(
  entries: readonly DatedEntry[],
  from: string,
  to: string,
): StatementFigures {
  let openingCents = 0;
  const lines: StatementLine[] = [];
  for (const entry of entries) {
    if (entry.day < from) openingCents += balanceEffect(entry);
    else if (entry.day <= to && entry.kind !== 'allocation')
      lines.push({
        day: entry.day,
        kind: entry.kind,
        description: entry.description,
        amountCents: balanceEffect(entry),
      });
  }
  lines.sort((a, b) => a.day.localeCompare(b.day));
  const closingCents = lines.reduce((total, line) => total + line.amountCents, openingCents);
  const asOfEnd = new Ledger(entries.filter((e) => e.day <= to));
  const aging = agingOf(
    asOfEnd
      .openCharges()
      .map((c) => ({ dateOfService: c.charge.dateOfService, openCents: c.openCents })),
    to,
  );
  return {
    from,
    to,
    openingCents,
    lines,
    closingCents,
    amountDueCents: Math.max(0, closingCents),
    aging,
  };
}
