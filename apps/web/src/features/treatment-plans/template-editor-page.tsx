import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ESSENTIAL_SECTIONS,
  PLAN_LIMITS,
  PLAN_SECTION_KEYS,
  SHIPPED_PLAN_TEMPLATE,
  type PlanSection,
  type PlanSectionKey,
} from '@openpractice/domain';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';

import { treatmentPlanRoutes } from '../../config/paths/treatment-plan-links';
import { errorMessage } from '../../lib/api-errors';
import { PageSpinner } from '../../ui/page-spinner';
import { useNotify } from '../../ui/snackbar/use-notify';
import { usePlanTemplate, useSaveTemplate, type PlanTemplate } from './api';

type Row = PlanSection & { included: boolean };

/** Every section in the fixed order, with the template's titles where it has them. */
function rowsOf(sections: readonly PlanSection[]): Row[] {
  return PLAN_SECTION_KEYS.map((key) => {
    const own = sections.find((s) => s.key === key);
    const shipped = SHIPPED_PLAN_TEMPLATE.definition.sections.find((s) => s.key === key);
    const base = own ?? shipped ?? { key, title: key, help: '', required: false };
    return { ...base, included: own !== undefined };
  });
}

/**
 * `/treatmentPlan/definition` (a new template) and `/treatmentPlan/definition/{id}`: which
 * sections the practice's plans have, their titles and help, and which must be filled
 * before signing. The shipped template is shown read-only; saving it makes a copy.
 */
export function TemplateEditorPage({ templateId }: { templateId: number | null }) {
  const template = usePlanTemplate(templateId);
  if (templateId !== null && template.isPending) return <PageSpinner />;
  if (template.isError) return <Alert severity="warning">{errorMessage(template.error)}</Alert>;
  return <TemplateForm key={templateId ?? 'new'} template={template.data ?? null} />;
}

function TemplateForm({ template }: { template: PlanTemplate | null }) {
  const shipped = template?.shipped ?? false;
  const [name, setName] = useState(
    shipped ? `${template?.name ?? ''} (copy)` : (template?.name ?? ''),
  );
  const [rows, setRows] = useState(() =>
    rowsOf(template?.definition.sections ?? SHIPPED_PLAN_TEMPLATE.definition.sections),
  );
  const [error, setError] = useState<string | null>(null);
  const save = useSaveTemplate(shipped ? null : (template?.templateId ?? null));
  const navigate = useNavigate();
  const notify = useNotify();

  const setRow = (key: PlanSectionKey, change: Partial<Row>) => {
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));
  };
  const submit = async () => {
    setError(null);
    try {
      // Diagnoses and goals are in every template, always required (domain ESSENTIAL_SECTIONS).
      const sections = rows
        .filter((r) => r.included || ESSENTIAL_SECTIONS.includes(r.key))
        .map((r) => ({
          key: r.key,
          title: r.title,
          help: r.help,
          required: r.required || ESSENTIAL_SECTIONS.includes(r.key),
        }));
      const answer = await save.mutateAsync({ name, definition: { sections } });
      notify.success('Template saved.');
      void navigate(treatmentPlanRoutes.template.getHref(answer.data.templateId));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <Stack
      spacing={3}
      component="form"
      aria-label="Treatment plan template"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Link
        component={RouterLink}
        to={treatmentPlanRoutes.practiceList.getHref()}
        sx={{ alignSelf: 'flex-start' }}
      >
        All templates
      </Link>
      <Typography component="h1" variant="h4">
        {template === null ? 'New treatment plan template' : template.name}
      </Typography>
      {shipped && (
        <Alert severity="info">The shipped template cannot be changed. Saving makes a copy.</Alert>
      )}
      <TextField
        label="Template name"
        value={name}
        required
        slotProps={{ htmlInput: { maxLength: PLAN_LIMITS.templateName } }}
        onChange={(e) => {
          setName(e.target.value);
        }}
        sx={{ maxWidth: 480 }}
      />
      {rows.map((row) => (
        <SectionRow
          key={row.key}
          row={row}
          onChange={(change) => {
            setRow(row.key, change);
          }}
        />
      ))}
      {error && <Alert severity="error">{error}</Alert>}
      <Button
        type="submit"
        variant="contained"
        disabled={save.isPending || name.trim() === ''}
        sx={{ alignSelf: 'flex-start' }}
      >
        {shipped ? 'Save as a new template' : 'Save template'}
      </Button>
    </Stack>
  );
}

/** One section: included, required before signing, its title and its help. */
function SectionRow({ row, onChange }: { row: Row; onChange: (change: Partial<Row>) => void }) {
  const essential = ESSENTIAL_SECTIONS.includes(row.key);
  return (
    <Paper variant="outlined" component="fieldset" sx={{ p: 2, m: 0 }}>
      <Typography component="legend" sx={{ px: 0.5 }}>
        {row.title}
      </Typography>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={2}>
          <FormControlLabel
            label="Included"
            control={
              <Checkbox
                checked={row.included || essential}
                disabled={essential}
                onChange={(e) => {
                  onChange({ included: e.target.checked });
                }}
              />
            }
          />
          <FormControlLabel
            label="Required before signing"
            control={
              <Checkbox
                checked={row.required || essential}
                disabled={essential}
                onChange={(e) => {
                  onChange({ required: e.target.checked });
                }}
              />
            }
          />
        </Stack>
        <TextField
          label={`Title of ${row.key}`}
          value={row.title}
          size="small"
          slotProps={{ htmlInput: { maxLength: PLAN_LIMITS.sectionTitle } }}
          onChange={(e) => {
            onChange({ title: e.target.value });
          }}
        />
        <TextField
          label={`Help for ${row.key}`}
          value={row.help}
          size="small"
          slotProps={{ htmlInput: { maxLength: PLAN_LIMITS.sectionHelp } }}
          onChange={(e) => {
            onChange({ help: e.target.value });
          }}
        />
      </Stack>
    </Paper>
  );
}
