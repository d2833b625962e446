import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import {
  formatMoney,
  X12_SERVICE_TYPES,
  X12_TIME_PERIODS,
  type Benefit,
} from '@openpractice/domain';

const NETWORK: Record<string, string> = {
  Y: 'In network',
  N: 'Out of network',
  W: 'Both',
  U: 'Unknown',
};

/** What one EB segment says: an amount, a percentage or a quantity. */
function valueOf(benefit: Benefit): string {
  const parts: string[] = [];
  if (benefit.amountCents !== null) parts.push(formatMoney(benefit.amountCents));
  if (benefit.percent !== null) parts.push(`${benefit.percent}%`);
  if (benefit.quantity !== null) {
    parts.push(`${benefit.quantity}${benefit.quantityQualifier === 'VS' ? ' visits' : ''}`);
  }
  return parts.join(', ');
}

/** Every benefit line of the 271 (EB segments), for those who want the detail. */
export function BenefitsTable({ benefits }: { benefits: readonly Benefit[] }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Benefits from the payer">
        <TableHead>
          <TableRow>
            <TableCell>Benefit</TableCell>
            <TableCell>Service types</TableCell>
            <TableCell>Level</TableCell>
            <TableCell>Network</TableCell>
            <TableCell>Period</TableCell>
            <TableCell>Value</TableCell>
            <TableCell>Notes</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {benefits.map((benefit, index) => (
            // Benefits have no id; their order in the 271 is their identity.
            <TableRow key={index}>
              <TableCell>{benefit.description}</TableCell>
              <TableCell>
                {benefit.serviceTypes.map((t) => X12_SERVICE_TYPES[t] ?? t).join(', ')}
              </TableCell>
              <TableCell>{benefit.coverageLevel ?? ''}</TableCell>
              <TableCell>{benefit.inNetwork ? (NETWORK[benefit.inNetwork] ?? '') : ''}</TableCell>
              <TableCell>
                {benefit.timePeriod ? (X12_TIME_PERIODS[benefit.timePeriod] ?? '') : ''}
              </TableCell>
              <TableCell>{valueOf(benefit)}</TableCell>
              <TableCell>
                {[
                  benefit.planCoverage,
                  benefit.authorizationRequired === 'Y' ? 'Authorization required' : null,
                  ...benefit.messages,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
