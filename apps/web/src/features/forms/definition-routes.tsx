import Alert from '@mui/material/Alert';
import { useParams } from 'react-router';

import { BuilderPage } from './builder/builder-page';
import { DefinitionsPage, PracticeListPage, UnsupportedPage } from './definitions-page';

/**
 * `/form/definition/{practiceList | unsupported | new | id}` and the list without one: one
 * route for the five pages, so the route table (in every first load) grows by one entry.
 */
export function DefinitionRoutes() {
  const param = useParams().id;
  if (param === undefined) return <DefinitionsPage />;
  if (param === 'practiceList') return <PracticeListPage />;
  if (param === 'unsupported') return <UnsupportedPage />;
  if (param === 'new') return <BuilderPage key="new" definitionId={null} />;
  if (!/^\d{1,9}$/.test(param))
    return <Alert severity="warning">We could not find that form.</Alert>;
  return <BuilderPage key={param} definitionId={Number(param)} />;
}
