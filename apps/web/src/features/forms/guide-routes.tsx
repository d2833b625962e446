import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';

import { formRoutes } from '../../config/paths/form-links';
import { errorMessage } from '../../lib/api-errors';
import { PageSpinner } from '../../ui/page-spinner';
import { QuestionnaireForm, useQuestionnaireForm } from '../../ui/questionnaire';
import { useNotify } from '../../ui/snackbar/use-notify';
import { useAddLibraryForm, useLibrary, type LibraryEntry } from './api';

/** Adds a library form in one click, or links to the practice's copy once added. */
function AddButton({ entry }: { entry: LibraryEntry }) {
  const add = useAddLibraryForm();
  const notify = useNotify();
  if (entry.addedDefinitionId !== null) {
    return (
      <Link component={RouterLink} to={formRoutes.definition(entry.addedDefinitionId)}>
        Added: open the practice’s {entry.name}
      </Link>
    );
  }
  return (
    <Button
      variant="contained"
      size="small"
      disabled={add.isPending}
      aria-label={`Add ${entry.name} to practice`}
      onClick={() => {
        add.mutate(entry.key, {
          onSuccess: () => notify.success(`${entry.name} added to the practice’s forms.`),
          onError: (error) => notify.error(errorMessage(error)),
        });
      }}
    >
      Add to practice
    </Button>
  );
}

function Intro() {
  return (
    <Stack spacing={2}>
      <Typography>
        The library holds ready-made forms a practice can add in one click: an intake questionnaire,
        consent to treatment, telehealth consent, release of information, HIPAA notice
        acknowledgement, and the PHQ-9 and GAD-7 measures (scored automatically). The wording is
        generic: adapt it to your state’s rules after adding it (the measures are used as
        published).
      </Typography>
      <Link component={RouterLink} to={formRoutes.library()} sx={{ alignSelf: 'flex-start' }}>
        Browse the library
      </Link>
    </Stack>
  );
}

function LibraryList() {
  const library = useLibrary();
  if (library.isPending) return <PageSpinner />;
  if (library.isError) return <Alert severity="warning">{errorMessage(library.error)}</Alert>;
  return (
    <Stack spacing={2} component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }}>
      {library.data.map((entry) => (
        <Card key={entry.key} variant="outlined" component="li">
          <CardContent>
            <Typography component="h2" variant="h6">
              {entry.name}
            </Typography>
            <Typography color="text.secondary">{entry.description}</Typography>
          </CardContent>
          <CardActions sx={{ gap: 2, flexWrap: 'wrap' }}>
            <Link component={RouterLink} to={formRoutes.libraryForm(entry.key)}>
              Preview {entry.name}
            </Link>
            <AddButton entry={entry} />
          </CardActions>
        </Card>
      ))}
    </Stack>
  );
}

function Preview({ entry }: { entry: LibraryEntry }) {
  const qf = useQuestionnaireForm(entry.questionnaire, {});
  return <QuestionnaireForm questionnaire={entry.questionnaire} control={qf.control} />;
}

function LibraryForm({ formKey }: { formKey: string }) {
  const library = useLibrary();
  if (library.isPending) return <PageSpinner />;
  if (library.isError) return <Alert severity="warning">{errorMessage(library.error)}</Alert>;
  const entry = library.data.find((e) => e.key === formKey);
  if (!entry) return <Alert severity="warning">The library has no such form.</Alert>;
  return (
    <Stack spacing={3}>
      <Typography component="h2" variant="h5">
        {entry.name}
      </Typography>
      <Typography>{entry.description}</Typography>
      <AddButton entry={entry} />
      <Preview entry={entry} />
    </Stack>
  );
}

/** `/guide`, `/guide/list`, `/guide/form?key=`: the library of ready-made forms (docs/forms-api.md). */
export function GuideRoutes() {
  const page = useParams().page;
  const [search] = useSearchParams();
  return (
    <Stack spacing={3} sx={{ maxWidth: 900, minWidth: 0 }}>
      <Typography component="h1" variant="h4">
        Library of ready-made forms
      </Typography>
      <Stack direction="row" spacing={3} component="nav" aria-label="Library">
        <Link component={RouterLink} to={formRoutes.library()}>
          All library forms
        </Link>
        <Link component={RouterLink} to={formRoutes.definitions()}>
          The practice’s forms
        </Link>
      </Stack>
      {page === undefined && <Intro />}
      {page === 'list' && <LibraryList />}
      {page === 'form' && <LibraryForm formKey={search.get('key') ?? ''} />}
      {page !== undefined && page !== 'list' && page !== 'form' && (
        <Alert severity="warning">We could not find that page.</Alert>
      )}
    </Stack>
  );
}
