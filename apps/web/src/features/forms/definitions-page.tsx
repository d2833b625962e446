import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

import { formRoutes } from '../../config/paths/form-links';
import { errorMessage } from '../../lib/api-errors';
import { PageSpinner } from '../../ui/page-spinner';
import { PdfUpload } from './pdf-upload';
import { useDefinitions, usePracticeList, useUnsupported, type DefinitionSummary } from './api';

function Links() {
  return (
    <Stack
      direction="row"
      spacing={3}
      flexWrap="wrap"
      useFlexGap
      component="nav"
      aria-label="Forms"
    >
      <Link component={RouterLink} to={formRoutes.newDefinition()}>
        New form
      </Link>
      <Link component={RouterLink} to={formRoutes.definitions()}>
        All forms
      </Link>
      <Link component={RouterLink} to={formRoutes.practiceList()}>
        Forms that can be given
      </Link>
      <Link component={RouterLink} to={formRoutes.unsupported()}>
        Forms that cannot be shown
      </Link>
      <Link component={RouterLink} to={formRoutes.library()}>
        Library of ready-made forms
      </Link>
    </Stack>
  );
}

const stateOf = (d: DefinitionSummary) =>
  [
    d.currentVersion === null ? 'Draft only' : `Version ${String(d.currentVersion)}`,
    d.hasDraft && d.currentVersion !== null ? 'unpublished changes' : null,
    d.active ? null : 'inactive',
    d.autoAssign ? 'given to new clients' : null,
    d.locked ? 'locked' : null,
  ]
    .filter(Boolean)
    .join(', ');

function DefinitionTable({ rows, label }: { rows: DefinitionSummary[]; label: string }) {
  if (rows.length === 0) return <Typography>No forms yet.</Typography>;
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>Form</TableCell>
          <TableCell>State</TableCell>
          <TableCell>Updated</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((d) => (
          <TableRow key={d.id}>
            <TableCell>
              <Link component={RouterLink} to={formRoutes.definition(d.id)}>
                {d.name}
              </Link>
            </TableCell>
            <TableCell>{stateOf(d)}</TableCell>
            <TableCell>{new Date(d.updatedAt).toLocaleDateString()}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Page({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <Typography component="h1" variant="h4">
        {title}
      </Typography>
      <Links />
      {children}
    </Stack>
  );
}

/** `/form/definition`: every form of the practice, drafts and inactive ones included. */
export function DefinitionsPage() {
  const list = useDefinitions();
  return (
    <Page title="Forms">
      {list.isPending && <PageSpinner />}
      {list.isError && <Alert severity="warning">{errorMessage(list.error)}</Alert>}
      {list.data && <DefinitionTable rows={list.data} label="Forms" />}
      <PdfUpload />
    </Page>
  );
}

/** `/form/definition/practiceList`: the forms that can be given (active and published). */
export function PracticeListPage() {
  const list = usePracticeList();
  return (
    <Page title="Forms that can be given">
      {list.isPending && <PageSpinner />}
      {list.isError && <Alert severity="warning">{errorMessage(list.error)}</Alert>}
      {list.data && <DefinitionTable rows={list.data} label="Forms that can be given" />}
    </Page>
  );
}

/** `/form/definition/unsupported`: definitions the renderer cannot show, with why. */
export function UnsupportedPage() {
  const list = useUnsupported();
  return (
    <Page title="Forms that cannot be shown">
      {list.isPending && <PageSpinner />}
      {list.isError && <Alert severity="warning">{errorMessage(list.error)}</Alert>}
      {list.data?.length === 0 && <Typography>Every form can be shown.</Typography>}
      {list.data && list.data.length > 0 && (
        <Stack component="ul" spacing={1} sx={{ pl: 3 }}>
          {list.data.map((d) => (
            <li key={d.id}>
              <Link
                component={RouterLink}
                to={formRoutes.definition(d.id)}
                sx={{ fontWeight: 600 }}
              >
                {d.name}
              </Link>
              {d.version !== null && ` (version ${String(d.version)})`}
              <Typography>{d.reasons.join(' ')}</Typography>
            </li>
          ))}
        </Stack>
      )}
    </Page>
  );
}
