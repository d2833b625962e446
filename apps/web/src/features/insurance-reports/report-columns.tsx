import { formatUsDate, NEVER_TEXT, type InsuranceReport } from '@openpractice/domain';
import type { ReactNode } from 'react';

import type { PolicyRow, PrecertRow, ReportRow } from './api';
import {
  ClientCell,
  daysLeftText,
  insuranceTypeText,
  NOT_SET_TEXT,
  PayerCell,
  RemainingCell,
} from './report-cells';

/** One column of a report table: its header, the server's sort key and the cell. */
export interface ReportColumn {
  sortKey: string;
  label: string;
  numeric?: boolean;
  render: (row: ReportRow) => ReactNode;
}

// Each report's rows are of one shape; the column lists below are per report.
const policy = (row: ReportRow) => row as PolicyRow;
const precert = (row: ReportRow) => row as PrecertRow;

const client: ReportColumn = {
  sortKey: 'client',
  label: 'Client',
  render: (row) => <ClientCell row={row} />,
};
const payer: ReportColumn = {
  sortKey: 'payer',
  label: 'Payer',
  render: (row) => <PayerCell label={row.payerLabel} />,
};
const insuranceType: ReportColumn = {
  sortKey: 'insuranceType',
  label: 'Type',
  render: (row) => insuranceTypeText(policy(row).insuranceType),
};
const insuranceNumber: ReportColumn = {
  sortKey: 'insuranceNumber',
  label: 'Policy number',
  render: (row) => policy(row).insuranceNumber ?? NOT_SET_TEXT,
};
const startDate: ReportColumn = {
  sortKey: 'startDate',
  label: 'Start date',
  render: (row) => formatUsDate(policy(row).startDate, NOT_SET_TEXT),
};
const endDate: ReportColumn = {
  sortKey: 'endDate',
  label: 'End date',
  render: (row) => formatUsDate(row.endDate, 'No end date'),
};
const daysLeft: ReportColumn = {
  sortKey: 'daysLeft',
  label: 'Days left',
  numeric: true,
  render: (row) => daysLeftText(row.daysLeft),
};
const authNumber: ReportColumn = {
  sortKey: 'authNumber',
  label: 'Auth number',
  render: (row) => precert(row).authNumber,
};
const visitsAuthorized: ReportColumn = {
  sortKey: 'visitsAuthorized',
  label: 'Authorized',
  numeric: true,
  render: (row) => precert(row).visitsAuthorized ?? 'No limit',
};
const visitsUsed: ReportColumn = {
  sortKey: 'visitsUsed',
  label: 'Used',
  numeric: true,
  render: (row) => precert(row).visitsUsed,
};
const visitsScheduled: ReportColumn = {
  sortKey: 'visitsScheduled',
  label: 'Scheduled',
  numeric: true,
  render: (row) => precert(row).visitsScheduled,
};
const visitsRemaining: ReportColumn = {
  sortKey: 'visitsRemaining',
  label: 'Remaining',
  numeric: true,
  render: (row) => <RemainingCell row={precert(row)} />,
};
const lastConfirmed: ReportColumn = {
  sortKey: 'lastConfirmed',
  label: 'Last confirmed',
  render: (row) => formatUsDate(policy(row).lastConfirmed, NEVER_TEXT),
};

/** The columns of each report, every one sortable (domain REPORT_SORT_KEYS). */
export const REPORT_COLUMNS: Record<InsuranceReport, ReportColumn[]> = {
  expiringPolicies: [client, payer, insuranceType, insuranceNumber, endDate, daysLeft],
  expiringPrecerts: [
    client,
    payer,
    authNumber,
    endDate,
    daysLeft,
    visitsAuthorized,
    visitsUsed,
    visitsRemaining,
  ],
  unconfirmedPolicies: [client, payer, insuranceType, insuranceNumber, startDate, lastConfirmed],
  unverifiedPolicies: [client, insuranceType, insuranceNumber, startDate],
  visitLimits: [
    client,
    payer,
    authNumber,
    endDate,
    visitsAuthorized,
    visitsUsed,
    visitsScheduled,
    visitsRemaining,
  ],
};

/** The key of a row, unique within its report. */
export function rowKey(row: ReportRow): string {
  return 'preAuthId' in row ? `p${row.preAuthId}` : `i${row.insuranceId}`;
}
