import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { errorMessage } from '../../../lib/api-client';
import { PageSpinner } from '../../../ui/page-spinner';
import { useManagedTemplates, type ManagedTemplate } from './api';
import { TemplateEditor } from './template-editor';

function versionsText(template: ManagedTemplate): string {
  return template.versions
    .map(
      (v) => `version ${String(v.version)}: ${String(v.notes)} ${v.notes === 1 ? 'note' : 'notes'}`,
    )
    .join(', ');
}

/**
 * `/charting/templates` (managers): the practice's note templates (SOAP, DAP, BIRP, intake
 * and its own versions of them), each with its versions and how many notes were written with
 * each, and a new version of one. Editing never changes a note already written.
 */
export function TemplatesPage() {
  const templates = useManagedTemplates();
  const [editing, setEditing] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ name: string; version: number } | null>(null);

  if (templates.isPending) return <PageSpinner />;
  return (
    <Stack spacing={3} sx={{ maxWidth: 960, minWidth: 0 }}>
      <Typography component="h1" variant="h4">
        Note templates
      </Typography>
      <Typography>
        Each change makes a new version. Notes started from then on use it; every note already
        written keeps the version it was started with.
      </Typography>
      {templates.isError && <Alert severity="error">{errorMessage(templates.error)}</Alert>}
      <div role="status">
        {saved && (
          <Alert severity="success">
            {saved.name}: version {saved.version} saved. New notes use it.
          </Alert>
        )}
      </div>
      {templates.data?.map((template) =>
        editing === template.current.key ? (
          <Paper key={template.current.key} variant="outlined" sx={{ p: 3 }}>
            <TemplateEditor
              template={template}
              onDone={(version) => {
                setEditing(null);
                if (version !== null) setSaved({ name: template.current.name, version });
              }}
            />
          </Paper>
        ) : (
          <Paper
            key={template.current.key}
            component="section"
            aria-label={template.current.name}
            variant="outlined"
            sx={{ p: 3 }}
          >
            <Stack spacing={1}>
              <Typography component="h2" variant="h6">
                {template.current.name}
              </Typography>
              <Typography color="text.secondary">
                Version {template.current.version},{' '}
                {template.source === 'shipped' ? 'as shipped' : "the practice's own"}
                {template.current.cptCode ? `, for ${template.current.cptCode}` : ''}. Sections:{' '}
                {template.current.sections.map((s) => s.title).join(', ')}.
              </Typography>
              <Typography color="text.secondary">Versions: {versionsText(template)}.</Typography>
              <Button
                variant="outlined"
                disabled={editing !== null}
                onClick={() => {
                  setSaved(null);
                  setEditing(template.current.key);
                }}
                sx={{ alignSelf: 'flex-start' }}
              >
                Make a new version of {template.current.name}
              </Button>
            </Stack>
          </Paper>
        ),
      )}
    </Stack>
  );
}
