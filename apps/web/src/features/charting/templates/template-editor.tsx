import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { templateDefinitionProblems, type TemplateProblem } from '@openpractice/domain';
import { useState } from 'react';

import { errorMessage } from '../../../lib/api-client';
import type { ManagedTemplate } from './api';
import { useSaveTemplateVersion } from './api';
import {
  FIELD_TYPE_TEXT,
  draftOf,
  newField,
  newSection,
  versionInput,
  type DraftField,
  type DraftSection,
  type TemplateDraft,
} from './draft';

type Props = { template: ManagedTemplate; onDone: (savedVersion: number | null) => void };

/**
 * A new version of a template, edited as data: its name, its sections' titles and their
 * fields (label, required; new long-text fields and sections). Existing field ids are kept,
 * so answers stay under the same names. The domain's rules are checked before sending and
 * the server checks them again.
 */
export function TemplateEditor({ template, onDone }: Props) {
  const save = useSaveTemplateVersion();
  const [draft, setDraft] = useState<TemplateDraft>(() => draftOf(template.current));
  const [problems, setProblems] = useState<TemplateProblem[]>([]);
  const next = Math.max(...template.versions.map((v) => v.version)) + 1;
  const problemAt = (field: string) => problems.find((p) => p.field === field)?.message;

  const setSection = (i: number, change: (s: DraftSection) => DraftSection) => {
    setDraft((d) => ({ ...d, sections: d.sections.map((s, k) => (k === i ? change(s) : s)) }));
  };
  const submit = () => {
    const input = versionInput(draft);
    const found = templateDefinitionProblems(input);
    setProblems(found);
    if (found.length > 0) return;
    save.mutate(
      { key: template.current.key, input },
      {
        onSuccess: (response) => {
          onDone(response.data.current.version);
        },
      },
    );
  };

  return (
    <Stack component="section" aria-labelledby="template-editor-heading" spacing={2}>
      <Typography id="template-editor-heading" component="h2" variant="h5">
        New version of {template.current.name}
      </Typography>
      <Typography color="text.secondary">
        Notes started from now use version {next}; notes already written keep the version they were
        started with.
      </Typography>
      <TextField
        label="Template name"
        value={draft.name}
        onChange={(e) => {
          setDraft((d) => ({ ...d, name: e.target.value }));
        }}
        error={problemAt('name') !== undefined}
        helperText={problemAt('name')}
        slotProps={{ htmlInput: { maxLength: 120 } }}
      />
      {draft.sections.map((section, i) => (
        <SectionEditor
          key={section.key}
          section={section}
          index={i}
          problemAt={problemAt}
          onChange={(change) => {
            setSection(i, change);
          }}
          onRemove={() => {
            setDraft((d) => ({ ...d, sections: d.sections.filter((_, k) => k !== i) }));
          }}
        />
      ))}
      {problemAt('sections') && <Alert severity="error">{problemAt('sections')}</Alert>}
      <Button
        onClick={() => {
          setDraft((d) => ({ ...d, sections: [...d.sections, newSection()] }));
        }}
        sx={{ alignSelf: 'flex-start' }}
      >
        Add a section
      </Button>
      {problems.length > 0 && (
        <Alert severity="error">
          Fix the {problems.length === 1 ? 'problem' : 'problems'} shown above.
        </Alert>
      )}
      {save.isError && <Alert severity="error">{errorMessage(save.error)}</Alert>}
      <Stack direction="row" spacing={2}>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          Save as version {next}
        </Button>
        <Button
          onClick={() => {
            onDone(null);
          }}
        >
          Cancel
        </Button>
      </Stack>
    </Stack>
  );
}

type SectionProps = {
  section: DraftSection;
  index: number;
  problemAt: (field: string) => string | undefined;
  onChange: (change: (s: DraftSection) => DraftSection) => void;
  onRemove: () => void;
};

/** One section: its title, its fields (label, required, remove) and adding a field. */
function SectionEditor({ section, index, problemAt, onChange, onRemove }: SectionProps) {
  const name = `Section ${String(index + 1)}`;
  const at = `sections.${String(index)}`;
  const setField = (j: number, change: Partial<DraftField>) => {
    onChange((s) => ({
      ...s,
      fields: s.fields.map((f, k) => (k === j ? ({ ...f, ...change } as DraftField) : f)),
    }));
  };
  return (
    <Box
      component="fieldset"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0, minWidth: 0 }}
    >
      <legend>{section.title.trim() ? `${name}: ${section.title}` : name}</legend>
      <Stack spacing={2}>
        <TextField
          label="Section title"
          value={section.title}
          onChange={(e) => {
            onChange((s) => ({ ...s, title: e.target.value }));
          }}
          error={problemAt(`${at}.title`) !== undefined}
          helperText={problemAt(`${at}.title`)}
          slotProps={{ htmlInput: { maxLength: 120 } }}
        />
        {section.fields.map((field, j) => {
          const fieldAt = `${at}.fields.${String(j)}`;
          return (
            <Stack
              key={field.key}
              role="group"
              aria-label={`${name}, field ${String(j + 1)}`}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1.5}
              sx={{ alignItems: { sm: 'center' } }}
            >
              <TextField
                label="Field label"
                value={field.label}
                onChange={(e) => {
                  setField(j, { label: e.target.value });
                }}
                error={problemAt(`${fieldAt}.label`) !== undefined}
                helperText={problemAt(`${fieldAt}.label`) ?? FIELD_TYPE_TEXT[field.type]}
                slotProps={{ htmlInput: { maxLength: 120 } }}
                sx={{ flex: 1 }}
              />
              <FormControlLabel
                control={
                  <Checkbox
                    checked={field.required}
                    onChange={(e) => {
                      setField(j, { required: e.target.checked });
                    }}
                  />
                }
                label="Required to sign"
              />
              <Button
                onClick={() => {
                  onChange((s) => ({ ...s, fields: s.fields.filter((_, k) => k !== j) }));
                }}
              >
                Remove field
              </Button>
            </Stack>
          );
        })}
        {problemAt(`${at}.fields`) && <Alert severity="error">{problemAt(`${at}.fields`)}</Alert>}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <Button
            onClick={() => {
              onChange((s) => ({ ...s, fields: [...s.fields, newField()] }));
            }}
          >
            Add a field to {name.toLowerCase()}
          </Button>
          <Button onClick={onRemove}>Remove {name.toLowerCase()}</Button>
        </Stack>
      </Stack>
    </Box>
  );
}
