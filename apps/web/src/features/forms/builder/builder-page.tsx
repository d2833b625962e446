import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Questionnaire } from '@openpractice/domain';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';

import { formRoutes } from '../../../config/paths/form-links';
import { errorMessage } from '../../../lib/api-errors';
import { PageSpinner } from '../../../ui/page-spinner';
import { QuestionnaireForm, useQuestionnaireForm } from '../../../ui/questionnaire';
import { useDefinition, useDefinitionSettings, type DefinitionDetail } from '../api';
import { useBuilderState, type BuilderState } from './builder-state';
import { ItemEditor } from './item-editor';

/** The live preview: the renderer itself, drawn afresh when the form changes. */
function Preview({ questionnaire }: { questionnaire: Questionnaire }) {
  const qf = useQuestionnaireForm(questionnaire, {});
  return <QuestionnaireForm questionnaire={questionnaire} control={qf.control} headingLevel={3} />;
}

function Settings({ detail }: { detail: DefinitionDetail }) {
  const settings = useDefinitionSettings(detail.id);
  const set = (body: { active: boolean; autoAssign: boolean }) => {
    settings.mutate(body);
  };
  return (
    <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap>
      <FormControlLabel
        label="Can be given"
        control={
          <Switch
            checked={detail.active}
            disabled={settings.isPending}
            onChange={(e) => {
              set({ active: e.target.checked, autoAssign: detail.autoAssign });
            }}
          />
        }
      />
      <FormControlLabel
        label="Given to new clients"
        control={
          <Switch
            checked={detail.autoAssign}
            disabled={settings.isPending}
            onChange={(e) => {
              set({ active: detail.active, autoAssign: e.target.checked });
            }}
          />
        }
      />
      {settings.isError && <Alert severity="error">{errorMessage(settings.error)}</Alert>}
    </Stack>
  );
}

function Versions({ detail }: { detail: DefinitionDetail }) {
  if (detail.versions.length === 0)
    return <Typography>Not published yet: clients cannot be given it.</Typography>;
  return (
    <Stack component="ul" sx={{ pl: 3, m: 0 }}>
      {detail.versions.map((v) => (
        <li key={v.version}>
          Version {v.version}, published {new Date(v.publishedAt).toLocaleDateString()}
          {v.publishedBy ? ` by ${v.publishedBy}` : ''}; given {v.assignments} time(s)
        </li>
      ))}
    </Stack>
  );
}

/** The form's title, description and whether it ends with a signature. */
function FormFields({
  draft,
  setDraft,
  locked,
}: {
  draft: Questionnaire;
  setDraft: (q: Questionnaire) => void;
  locked: boolean;
}) {
  return (
    <>
      <TextField
        label="Title"
        required
        value={draft.title}
        disabled={locked}
        onChange={(e) => {
          setDraft({ ...draft, title: e.target.value });
        }}
      />
      <TextField
        label="Description"
        multiline
        value={draft.description ?? ''}
        disabled={locked}
        onChange={(e) => {
          setDraft({ ...draft, description: e.target.value });
        }}
      />
      <FormControlLabel
        label="Ends with a typed-name signature (consents, releases)"
        control={
          <Checkbox
            checked={draft.signatureRequired ?? false}
            disabled={locked}
            onChange={(e) => {
              setDraft({ ...draft, signatureRequired: e.target.checked });
            }}
          />
        }
      />
    </>
  );
}

function DraftButtons({ state }: { state: BuilderState }) {
  return (
    <Stack direction="row" spacing={2}>
      <Button
        variant="outlined"
        disabled={state.busy}
        onClick={() => {
          void state.saveDraft(true);
        }}
      >
        Save draft
      </Button>
      <Button
        variant="contained"
        disabled={state.busy || !state.saved}
        onClick={() => {
          void state.publishDraft();
        }}
      >
        Publish
      </Button>
    </Stack>
  );
}

function PreviewPanel({ draft }: { draft: Questionnaire }) {
  const previewKey = useMemo(() => JSON.stringify(draft), [draft]);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="preview-heading"
      sx={{ p: 2, flex: 1, minWidth: 0, width: '100%' }}
    >
      <Typography id="preview-heading" component="h2" variant="h6" sx={{ mb: 2 }}>
        Preview: {draft.title || 'Untitled form'}
      </Typography>
      <Preview key={previewKey} questionnaire={draft} />
    </Paper>
  );
}

/** The editor over a draft: items on one side, the preview on the other. */
function Builder({ detail }: { detail: DefinitionDetail | null }) {
  const state = useBuilderState(detail);
  const { draft, setDraft, problem, locked } = state;
  return (
    <Stack spacing={3}>
      {locked && (
        <Alert severity="info">
          This is a standard measure: it is used as published and cannot be edited.
        </Alert>
      )}
      {problem && !problem.path && <Alert severity="error">{problem.message}</Alert>}
      {problem?.path && <Alert severity="error">An item needs a change: {problem.message}</Alert>}
      {detail && <Settings detail={detail} />}
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={3} alignItems="flex-start">
        <Stack
          spacing={2}
          sx={{ flex: 1, minWidth: 0, width: '100%' }}
          component="section"
          aria-labelledby="builder-heading"
        >
          <Typography id="builder-heading" component="h2" variant="h6">
            Items
          </Typography>
          <FormFields draft={draft} setDraft={setDraft} locked={locked} />
          {draft.item.map((item, i, all) => (
            <ItemEditor
              key={i}
              item={item}
              path={[i]}
              siblings={all.length}
              questions={state.questions}
              problems={state.problems}
              actions={state.actions}
              disabled={locked}
            />
          ))}
          {!locked && (
            <Button
              sx={{ alignSelf: 'flex-start' }}
              onClick={() => {
                state.actions.addChild([]);
              }}
            >
              Add an item
            </Button>
          )}
          {!locked && <DraftButtons state={state} />}
          {!detail && (
            <Typography variant="body2">Save the draft once before publishing.</Typography>
          )}
        </Stack>
        <PreviewPanel draft={draft} />
      </Stack>
      {detail && (
        <Stack spacing={1} component="section" aria-labelledby="versions-heading">
          <Typography id="versions-heading" component="h2" variant="h6">
            Versions
          </Typography>
          <Versions detail={detail} />
        </Stack>
      )}
    </Stack>
  );
}

/** `/form/definition/{id}` (or `new`): build a form, preview it, save the draft and publish. */
export function BuilderPage({ definitionId }: { definitionId: number | null }) {
  const definition = useDefinition(definitionId);
  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <Typography component="h1" variant="h4">
        {definitionId === null ? 'New form' : (definition.data?.name ?? 'Form')}
      </Typography>
      <Link component={RouterLink} to={formRoutes.definitions()} sx={{ alignSelf: 'flex-start' }}>
        All forms
      </Link>
      {definitionId !== null && definition.isPending && <PageSpinner />}
      {definition.isError && <Alert severity="warning">{errorMessage(definition.error)}</Alert>}
      {(definitionId === null || definition.data) && (
        <Builder key={definition.data?.id ?? 'new'} detail={definition.data ?? null} />
      )}
    </Stack>
  );
}
