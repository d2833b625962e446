import { formatUsDate } from '@openpractice/domain';

import { ClientBillingLink } from '../balances/client-link';
import type { ChargeRow, ChargesPage } from './api';
import { ReportPage } from './report-page';
import { reportCsv, ReportTable, type Column } from './report-columns';

const COLUMNS: readonly Column<ChargeRow, ChargesPage['totals']>[] = [
  {
    header: 'Date of service',
    value: (r) => r.dateOfService,
    show: (r) => formatUsDate(r.dateOfService, ''),
  },
  {
    header: 'Client',
    value: (r) => r.clientName,
    show: (r) => <ClientBillingLink patientId={r.patientId} name={r.clientName} />,
  },
  { header: 'Therapist', value: (r) => r.therapistName },
  { header: 'Service (CPT)', value: (r) => r.cptCode },
  { header: 'Units', value: (r) => r.units, total: (t) => t.units },
  { header: 'Fee', value: (r) => r.feeCents, money: true, total: (t) => t.feeCents },
  {
    header: 'Client part',
    value: (r) => r.clientPartCents,
    money: true,
    total: (t) => t.clientPartCents,
  },
  {
    header: 'Insurer part',
    value: (r) => r.insurerPartCents,
    money: true,
    total: (t) => t.insurerPartCents,
  },
  { header: 'Still owed', value: (r) => r.openCents, money: true, total: (t) => t.openCents },
];

/** `/billing/charges/chargesReport` (spec-1 §2): charges by date of service. */
export function ChargesReportPage() {
  return (
    <ReportPage<ChargesPage>
      report="charges"
      title="Charges"
      what="charges"
      description="Charges for sessions by date of service, with what the client and the insurer are expected to pay and what is still owed. Totals are over every charge in the filter; reversed charges are left out."
      empty="No charge under this filter."
      client
      toCsv={(rows) => reportCsv(COLUMNS, rows)}
    >
      {(page) => (
        <ReportTable
          label="Charges"
          columns={COLUMNS}
          rows={page.data}
          rowKey={(r) => r.chargeId}
          totals={page.totals}
          totalLabel={`Totals (${page.total} ${page.total === 1 ? 'charge' : 'charges'})`}
        />
      )}
    </ReportPage>
  );
}
