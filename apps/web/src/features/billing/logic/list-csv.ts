import { AGING_BUCKETS, formatIsoDate } from '@openpractice/domain';

import type { OpenBalanceRow, OpenCreditRow } from '../api';
import { centsForCsv, toCsv } from './csv';

/** The open balances list as CSV: one client a row, amounts in dollars, dates as YYYY-MM-DD. */
export function openBalancesCsv(rows: readonly OpenBalanceRow[]): string {
  return toCsv(
    [
      'Client',
      'Balance',
      ...AGING_BUCKETS.map((b) => b.label),
      'Oldest date of service',
      'Last payment',
    ],
    rows.map((row) => [
      row.clientName,
      centsForCsv(row.balanceCents),
      ...AGING_BUCKETS.map((b) => centsForCsv(row.aging[b.key])),
      row.oldestDateOfService,
      row.lastPaymentDate === null ? null : formatIsoDate(row.lastPaymentDate),
    ]),
  );
}

/** The open credits list as CSV. */
export function openCreditsCsv(rows: readonly OpenCreditRow[]): string {
  return toCsv(
    ['Client', 'Credit', 'Last payment'],
    rows.map((row) => [
      row.clientName,
      centsForCsv(row.creditCents),
      row.lastPaymentDate === null ? null : formatIsoDate(row.lastPaymentDate),
    ]),
  );
}
