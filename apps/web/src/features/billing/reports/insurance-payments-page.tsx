import Button from '@mui/material/Button';
import { formatUsDate } from '@openpractice/domain';
import { useState, type ReactNode } from 'react';

import { ClientBillingLink } from '../balances/client-link';
import { METHOD_LABELS } from '../logic/entry-text';
import type { InsurancePage, InsuranceRow } from './api';
import { InsurancePaymentDialog } from './insurance-payment-dialog';
import { ReportPage } from './report-page';
import { reportCsv, ReportTable, type Column } from './report-columns';

const COLUMNS: readonly Column<InsuranceRow, InsurancePage['totals']>[] = [
  { header: 'Date', value: (r) => r.day, show: (r) => formatUsDate(r.day, '') },
  {
    header: 'Client',
    value: (r) => r.clientName,
    show: (r) => <ClientBillingLink patientId={r.patientId} name={r.clientName} />,
  },
  { header: 'Method', value: (r) => METHOD_LABELS[r.method] },
  { header: 'Payer reference', value: (r) => r.reference },
  { header: 'Notation', value: (r) => r.notation },
  { header: 'Amount', value: (r) => r.amountCents, money: true, total: (t) => t.amountCents },
  {
    header: 'Not applied',
    value: (r) => r.unappliedCents,
    money: true,
    total: (t) => t.unappliedCents,
  },
];

/**
 * `/billing/payments/insurance` (spec-1 §2): insurers' payments, keyed by hand or posted from an
 * ERA. `extraActions` is claims' ERA upload, composed in app/ (features never import each other).
 */
export function InsurancePaymentsPage({ extraActions }: { extraActions?: ReactNode } = {}) {
  const [entering, setEntering] = useState(false);
  return (
    <>
      <ReportPage<InsurancePage>
        report="insurance"
        title="Insurance payments"
        what="insurance payments"
        description="Insurers’ payments by the day they were recorded, with the payer’s check or payment number. Entered by hand, or posted from the payer’s electronic remittance (ERA 835) by uploading it. Totals are over every payment in the filter."
        empty="No insurance payment under this filter."
        client
        actions={
          <>
            {extraActions}
            <Button
              variant="contained"
              onClick={() => {
                setEntering(true);
              }}
            >
              Enter an insurance payment
            </Button>
          </>
        }
        toCsv={(rows) => reportCsv(COLUMNS, rows)}
      >
        {(page) => (
          <ReportTable
            label="Insurance payments"
            columns={COLUMNS}
            rows={page.data}
            rowKey={(r) => r.entryId}
            totals={page.totals}
            totalLabel={`Totals (${page.total} ${page.total === 1 ? 'payment' : 'payments'})`}
          />
        )}
      </ReportPage>
      {entering && (
        <InsurancePaymentDialog
          onClose={() => {
            setEntering(false);
          }}
        />
      )}
    </>
  );
}
