import { formatMoney, formatUsDate } from '@openpractice/domain';

import { ClientBillingLink } from '../balances/client-link';
import { METHOD_LABELS } from '../logic/entry-text';
import type { PaymentRow, PaymentsPage } from './api';
import { ReportPage } from './report-page';
import { reportCsv, ReportTable, type Column } from './report-columns';

const COLUMNS: readonly Column<PaymentRow, PaymentsPage['totals']>[] = [
  { header: 'Date', value: (r) => r.day, show: (r) => formatUsDate(r.day, '') },
  {
    header: 'Client',
    value: (r) => r.clientName,
    show: (r) => <ClientBillingLink patientId={r.patientId} name={r.clientName} />,
  },
  { header: 'Type', value: (r) => (r.kind === 'refund' ? 'Refund' : 'Payment') },
  { header: 'Method', value: (r) => METHOD_LABELS[r.method] },
  { header: 'Reference', value: (r) => r.reference },
  { header: 'Notation', value: (r) => r.notation },
  {
    header: 'Payment',
    value: (r) => (r.kind === 'payment' ? r.amountCents : null),
    money: true,
    total: (t) => t.paymentsCents,
  },
  {
    header: 'Refund',
    value: (r) => (r.kind === 'refund' ? r.amountCents : null),
    money: true,
    total: (t) => t.refundsCents,
  },
];

/** `/billing/payments/paymentsAndRefunds` (spec-1 §2): client payments and refunds. */
export function PaymentsReportPage() {
  return (
    <ReportPage<PaymentsPage>
      report="payments"
      title="Payments and refunds"
      what="payments and refunds"
      description="Clients’ payments and refunds by the day they were recorded; a refund is listed under its payment’s method. Totals are over every row in the filter; reversed entries are left out."
      empty="No payment or refund under this filter."
      method
      toCsv={(rows) => reportCsv(COLUMNS, rows)}
    >
      {(page) => (
        <ReportTable
          label="Payments and refunds"
          columns={COLUMNS}
          rows={page.data}
          rowKey={(r) => r.entryId}
          totals={page.totals}
          totalLabel={`Totals (${page.total} ${page.total === 1 ? 'entry' : 'entries'}), net ${formatMoney(page.totals.netCents)}`}
        />
      )}
    </ReportPage>
  );
}
