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

import { treatmentPlanRoutes } from '../../config/paths/treatment-plan-links';
import { errorMessage } from '../../lib/api-errors';
import { PageSpinner } from '../../ui/page-spinner';
import { usePlanTemplates, useUnsupportedTemplates } from './api';

/** `/treatmentPlan/definition/practiceList`: the practice's plan templates and the shipped one. */
export function TemplatesPage() {
  const templates = usePlanTemplates();
  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <Typography component="h1" variant="h4">
        Treatment plan templates
      </Typography>
      <Stack direction="row" spacing={3}>
        <Link component={RouterLink} to={treatmentPlanRoutes.newTemplate.getHref()}>
          New template
        </Link>
        <Link component={RouterLink} to={treatmentPlanRoutes.unsupported.getHref()}>
          Templates that cannot be shown
        </Link>
      </Stack>
      {templates.isPending && <PageSpinner />}
      {templates.isError && <Alert severity="warning">{errorMessage(templates.error)}</Alert>}
      {templates.data && (
        <Table size="small" aria-label="Templates">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Sections</TableCell>
              <TableCell>Kind</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {templates.data.map((t) => (
              <TableRow key={t.templateId}>
                <TableCell>
                  <Link
                    component={RouterLink}
                    to={treatmentPlanRoutes.template.getHref(t.templateId)}
                  >
                    {t.name}
                  </Link>
                </TableCell>
                <TableCell>{t.definition.sections.map((s) => s.title).join(', ')}</TableCell>
                <TableCell>{t.shipped ? 'Shipped (read-only)' : 'The practice’s own'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}

/** `/treatmentPlan/definition/unsupported`: stored templates this version cannot show, with why. */
export function UnsupportedTemplatesPage() {
  const list = useUnsupportedTemplates();
  return (
    <Stack spacing={3}>
      <Typography component="h1" variant="h4">
        Templates that cannot be shown
      </Typography>
      <Link
        component={RouterLink}
        to={treatmentPlanRoutes.practiceList.getHref()}
        sx={{ alignSelf: 'flex-start' }}
      >
        All templates
      </Link>
      {list.isPending && <PageSpinner />}
      {list.isError && <Alert severity="warning">{errorMessage(list.error)}</Alert>}
      {list.data?.length === 0 && <Typography>Every template can be shown.</Typography>}
      {list.data && list.data.length > 0 && (
        <Stack component="ul" spacing={1} sx={{ pl: 3 }}>
          {list.data.map((t) => (
            <li key={t.templateId}>
              <Typography sx={{ fontWeight: 600 }}>{t.name}</Typography>
              <Typography>{t.problems.join(' ')}</Typography>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
