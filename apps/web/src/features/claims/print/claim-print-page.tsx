import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatMoney, formatUsDate } from '@openpractice/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { claimRoutes } from '../../../config/paths/claims';
import { errorMessage } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { PageSpinner } from '../../../ui/page-spinner';
import { printClaims, usePrintList, type PrintList, type PrintListRow } from './api';
import {
  offsetError,
  PrintSettingsFields,
  savePrintSettings,
  usePrintSettings,
} from './print-settings';
import { ClaimPagination, useClaimPaging } from '../claim-paging';

const money = { align: 'right', sx: { whiteSpace: 'nowrap' } } as const;

const PAGES: Record<PrintList, { title: string; description: string; empty: string }> = {
  primary: {
    title: 'Print primary claims',
    description:
      'Claims ready to submit to a primary payer the practice does not send electronic claims to (the claim set-up’s enrolment). Printing them on the CMS-1500 submits them: mail the forms to the payer.',
    empty: 'No primary claim waits to be printed.',
  },
  secondary: {
    title: 'Print secondary claims',
    description:
      'Claims to a secondary payer the practice does not send electronic claims to, ready or waiting only for the primary payer’s adjudication: on paper, send the primary’s EOB with the form. Printing them submits them.',
    empty: 'No secondary claim waits to be printed.',
  },
  simple: {
    title: 'Print claim summaries',
    description:
      'Every claim ready to submit, as a plain one-page summary for the client or any payer who asks for one. A summary is a copy: the claim stays ready to submit.',
    empty: 'No claim is ready to submit.',
  },
};

const LISTS: readonly [PrintList, string, string][] = [
  ['primary', 'Primary (CMS-1500)', claimRoutes.printPrimary.getHref()],
  ['secondary', 'Secondary (CMS-1500)', claimRoutes.printSecondary.getHref()],
  ['simple', 'Summaries', claimRoutes.printSimple.getHref()],
];

const datesOf = (row: PrintListRow) =>
  row.firstDateOfService === row.lastDateOfService
    ? formatUsDate(row.firstDateOfService)
    : `${formatUsDate(row.firstDateOfService)} – ${formatUsDate(row.lastDateOfService)}`;

function PrintTable({
  rows,
  title,
  chosen,
  onChoose,
}: {
  rows: PrintListRow[];
  title: string;
  chosen: ReadonlySet<number>;
  onChoose: (ids: number[], on: boolean) => void;
}) {
  const all = rows.length > 0 && rows.every((r) => chosen.has(r.claimId));
  const some = rows.some((r) => chosen.has(r.claimId));
  return (
    <Box tabIndex={0} role="region" aria-label={title} sx={{ overflowX: 'auto', maxWidth: '100%' }}>
      <Table size="small" sx={{ minWidth: 760 }}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                checked={all}
                indeterminate={some && !all}
                onChange={(event) => {
                  onChoose(
                    rows.map((r) => r.claimId),
                    event.target.checked,
                  );
                }}
                slotProps={{ input: { 'aria-label': 'Select every claim on this page' } }}
              />
            </TableCell>
            <TableCell scope="col">Client</TableCell>
            <TableCell scope="col">Date of service</TableCell>
            <TableCell scope="col">Payer</TableCell>
            <TableCell scope="col" {...money}>
              Amount
            </TableCell>
            <TableCell scope="col">Claim</TableCell>
            <TableCell scope="col">To know</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.claimId} selected={chosen.has(row.claimId)}>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={chosen.has(row.claimId)}
                  onChange={(event) => {
                    onChoose([row.claimId], event.target.checked);
                  }}
                  slotProps={{
                    input: {
                      'aria-label': `Select claim ${row.patientControlNumber} for ${row.clientName}`,
                    },
                  }}
                />
              </TableCell>
              <TableCell component="th" scope="row">
                {row.clientName}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{datesOf(row)}</TableCell>
              <TableCell>{row.payer}</TableCell>
              <TableCell {...money}>{formatMoney(row.totalCents)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {row.patientControlNumber}
                <Typography variant="caption" display="block" color="text.secondary">
                  {row.lines === 1 ? '1 service' : `${String(row.lines)} services`}
                </Typography>
              </TableCell>
              <TableCell sx={{ minWidth: 220 }}>
                {row.problems.length === 0
                  ? 'Nothing'
                  : row.problems.map((p) => (
                      <Typography key={`${p.code}-${p.field}`} variant="body2">
                        {p.code.startsWith('otherPayer')
                          ? 'Send the primary payer’s EOB with this form.'
                          : `${p.severity === 'warning' ? 'Warning: ' : ''}${p.message}`}
                      </Typography>
                    ))}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The chosen claims and printing them: the PDF saved, the lists read again. */
function usePrinting(list: PrintList, rows: readonly PrintListRow[]) {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const settings = usePrintSettings();
  const queryClient = useQueryClient();
  const onForm = list !== 'simple';

  const choose = (ids: number[], on: boolean) => {
    const next = new Set(chosen);
    for (const id of ids)
      if (on) next.add(id);
      else next.delete(id);
    setChosen(next);
  };

  const print = async () => {
    setBusy(true);
    setFailure(null);
    setDone(null);
    const claimIds = rows.map((r) => r.claimId).filter((id) => chosen.has(id));
    const options = {
      mode: settings.mode,
      offsetX: Number(settings.offset.x),
      offsetY: Number(settings.offset.y),
    };
    try {
      const pdf = await printClaims({ list, claimIds, ...options });
      if (onForm) savePrintSettings(options);
      saveFile(pdf, `claims-${list}.pdf`, 'application/pdf');
      const count = claimIds.length === 1 ? '1 claim' : `${String(claimIds.length)} claims`;
      setDone(
        onForm
          ? `Printed ${count}: they are submitted. Print the PDF at actual size (no “fit to page”).`
          : `Printed ${count} as summaries; they stay ready to submit.`,
      );
      setChosen(new Set());
      await queryClient.invalidateQueries({ queryKey: ['claims'] });
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return { chosen, choose, busy, failure, done, print, settings };
}

function ListLinks({ list }: { list: PrintList }) {
  return (
    <Stack component="nav" aria-label="Print lists" direction="row" spacing={2} flexWrap="wrap">
      {LISTS.map(([key, label, href]) => (
        <Link
          key={key}
          component={RouterLink}
          to={href}
          aria-current={key === list ? 'page' : undefined}
          underline={key === list ? 'none' : 'always'}
          sx={key === list ? { fontWeight: 700 } : undefined}
        >
          {label}
        </Link>
      ))}
    </Stack>
  );
}

/** One print list (spec-1 §2 `/billing/claim/print…`): choose claims, print them as one PDF. */
function ClaimPrintPage({ list }: { list: PrintList }) {
  const { title, description, empty } = PAGES[list];
  const paging = useClaimPaging();
  const { page, pageSize } = paging;
  const query = usePrintList(list, page, pageSize);
  const data = query.data;
  const { chosen, choose, busy, failure, done, print, settings } = usePrinting(
    list,
    data?.rows ?? [],
  );
  const onForm = list !== 'simple';
  const offsetBad = onForm && [settings.offset.x, settings.offset.y].some((t) => offsetError(t));

  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h4">
        {title}
      </Typography>
      <ListLinks list={list} />
      <Typography color="text.secondary">{description}</Typography>
      {onForm && (
        <PrintSettingsFields
          mode={settings.mode}
          onMode={settings.setMode}
          offset={settings.offset}
          onOffset={settings.setOffset}
        />
      )}
      {done && <Alert severity="success">{done}</Alert>}
      {failure && <Alert severity="error">{failure}</Alert>}
      {query.isPending && <PageSpinner label={`Loading ${title.toLowerCase()}`} />}
      {query.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              Retry
            </Button>
          }
        >
          Unable to load the claims. {errorMessage(query.error)}
        </Alert>
      )}
      {data && data.total === 0 && <Alert severity="info">{empty}</Alert>}
      {data && data.total > 0 && (
        <Stack spacing={1} aria-busy={query.isFetching}>
          <Box>
            <Button
              variant="contained"
              disabled={busy || chosen.size === 0 || offsetBad}
              onClick={() => void print()}
            >
              {busy ? 'Printing…' : `Print selected (${String(chosen.size)})`}
            </Button>
          </Box>
          <PrintTable rows={data.rows} title={title} chosen={chosen} onChoose={choose} />
          <ClaimPagination total={data.total} paging={paging} />
        </Stack>
      )}
    </Stack>
  );
}

/** `/billing/claim/printPrimary` (spec-1 §2). */
export function PrintPrimaryPage() {
  return <ClaimPrintPage list="primary" />;
}

/** `/billing/claim/printSecondary` (spec-1 §2). */
export function PrintSecondaryPage() {
  return <ClaimPrintPage list="secondary" />;
}

/** `/billing/claim/printSimple` (spec-1 §2). */
export function PrintSimplePage() {
  return <ClaimPrintPage list="simple" />;
}
