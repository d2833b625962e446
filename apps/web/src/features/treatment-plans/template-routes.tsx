import Alert from '@mui/material/Alert';
import { useParams } from 'react-router';

import { TemplateEditorPage } from './template-editor-page';
import { TemplatesPage, UnsupportedTemplatesPage } from './templates-page';

/**
 * `/treatmentPlan/definition/{practiceList | unsupported | id}`, and a new template without
 * one. One route for the four pages, so the route table (in every page's first load) grows by
 * one lazy route rather than four.
 */
export function TemplateRoutes() {
  const param = useParams().templateId;
  if (param === 'practiceList') return <TemplatesPage />;
  if (param === 'unsupported') return <UnsupportedTemplatesPage />;
  const templateId = param !== undefined && /^\d{1,9}$/.test(param) ? Number(param) : null;
  if (param !== undefined && templateId === null) {
    return <Alert severity="warning">We could not find that treatment plan template.</Alert>;
  }
  return <TemplateEditorPage key={param ?? 'new'} templateId={templateId} />;
}
