import {
  CLIENT_SEARCH_ROW_FIELDS,
  type ClientField,
  type ClientSearchRow,
} from '@openpractice/domain';
import { csvLine, type CsvValue } from './csv.ts';

type ExportColumn = {
  header: string;
  /** The row key whose field decides whether the caller may see this column. */
  key?: keyof typeof CLIENT_SEARCH_ROW_FIELDS;
  value: (row: ClientSearchRow) => CsvValue;
};

const EXPORT_COLUMNS: ExportColumn[] = [
  { header: 'Account number', value: (r) => r.accountNumber },
  { header: 'Last name', value: (r) => r.patient_last_name },
  { header: 'First name', value: (r) => r.patient_first_name },
  { header: 'Nickname', value: (r) => r.patient_nick_name },
  { header: 'Date of birth', key: 'dateOfBirth', value: (r) => r.dateOfBirth },
  { header: 'Therapists', value: (r) => r.therapist_names },
  { header: 'Group', value: (r) => r.group_name },
  {
    header: 'Primary insurance',
    key: 'practice_insurance_name',
    value: (r) => r.practice_insurance_name,
  },
  {
    header: 'Insurance number',
    key: 'user_insurance_insurancenumber',
    value: (r) => r.user_insurance_insurancenumber,
  },
  {
    header: 'Secondary insurance',
    key: 'secondary_practice_insurance_name',
    value: (r) => r.secondary_practice_insurance_name,
  },
  {
    header: 'Responsible party',
    key: 'responsible_party_first_name',
    value: (r) =>
      [r.responsible_party_first_name, r.responsible_party_last_name].filter(Boolean).join(' '),
  },
  { header: 'Email', key: 'email', value: (r) => r.email },
  { header: 'Phone', key: 'phone', value: (r) => r.phone },
  { header: 'Payment type', key: 'payment_type', value: (r) => r.payment_type },
  { header: 'Status', value: (r) => r.clientStatus },
  { header: 'Added', value: (r) => r.added.slice(0, 10) },
];

/**
 * The client search as CSV. The rows already lack what the caller may not
 * see; a column is left out when no row carries it (or, with no rows, when
 * the caller may not see it in this context), so a refused field is not
 * even a blank column.
 */
export function searchCsv(
  rows: readonly ClientSearchRow[],
  contextFields: ReadonlySet<ClientField>,
): string {
  const columns = EXPORT_COLUMNS.filter(({ key }) => {
    if (!key) return true;
    if (rows.length === 0) return contextFields.has(CLIENT_SEARCH_ROW_FIELDS[key]);
    return rows.some((row) => key in row);
  });
  return (
    csvLine(columns.map((c) => c.header)) +
    rows.map((row) => csvLine(columns.map((c) => c.value(row)))).join('')
  );
}
