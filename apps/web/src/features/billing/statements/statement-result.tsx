import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { formatMoney, formatUsDate } from '@openpractice/domain';

import { billingApi } from '../../../config/paths/api-billing';
import type { BatchResult, MadeStatement } from './api';

/** What was made, said where the reader's focus lands after the request (role="status"). */
export type Made =
  | { kind: 'one'; statement: MadeStatement; emailAsked: boolean }
  | { kind: 'batch'; result: BatchResult; emailAsked: boolean };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The batch's outcome in words: how many made, emailed, and left to print. */
export function batchSummary(result: BatchResult, emailAsked: boolean): string {
  if (result.created === 0) {
    return 'No statements made: no client had activity in the period or a balance at its end.';
  }
  const made = `${plural(result.created, 'statement', 'statements')} made.`;
  if (!emailAsked) return `${made} None emailed: download them from the statements report.`;
  const without =
    result.withoutEmail > 0
      ? ` ${plural(result.withoutEmail, 'client has', 'clients have')} no email address: download theirs from the statements report.`
      : '';
  return `${made} ${result.emailed} emailed to the responsible party.${without}`;
}

/** One statement's outcome: whose, the period, the amount due, and whether it was emailed. */
export function oneSummary(statement: MadeStatement, emailAsked: boolean): string {
  const period = `${formatUsDate(statement.from)} to ${formatUsDate(statement.to)}`;
  const head = `Statement made for ${statement.clientName}, ${period}: amount due ${formatMoney(statement.amountDueCents)}.`;
  if (!emailAsked) return head;
  return statement.emailedAt === null
    ? `${head} Not emailed: the responsible party has no email address.`
    : `${head} Emailed to the responsible party.`;
}

export function StatementResult({ made }: { made: Made }) {
  return (
    <Alert severity="success" role="status">
      {made.kind === 'one' ? (
        <Stack spacing={1}>
          <span>{oneSummary(made.statement, made.emailAsked)}</span>
          <Link href={billingApi.statementPdf(made.statement.statementId)} download>
            Download the statement (PDF)
          </Link>
        </Stack>
      ) : (
        batchSummary(made.result, made.emailAsked)
      )}
    </Alert>
  );
}
