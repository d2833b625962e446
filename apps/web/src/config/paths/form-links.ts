/** Links to forms' and measures' pages (issue 18); the paths are in forms.ts. */
import { withQuery } from './with-query';

const id = (n: number | string) => encodeURIComponent(String(n));

export const formRoutes = {
  definitions: () => '/form/definition',
  practiceList: () => '/form/definition/practiceList',
  unsupported: () => '/form/definition/unsupported',
  newDefinition: () => '/form/definition/new',
  definition: (definitionId: number) => `/form/definition/${id(definitionId)}`,
  guide: () => '/guide',
  library: () => '/guide/list',
  libraryForm: (key: string) => withQuery('/guide/form', { key }),
  response: (assignmentId: number) => `/form/response/${id(assignmentId)}`,
  portalList: () => '/form/patient/edit',
  portalEdit: (assignmentId: number) => `/form/patient/edit/${id(assignmentId)}`,
  portalView: (assignmentId: number) => `/form/patient/view/${id(assignmentId)}`,
  clientForms: (patientId?: number) =>
    withQuery('/client/forms', {
      patientId: patientId === undefined ? undefined : String(patientId),
    }),
  measures: (patientId: number) => `/client/${id(patientId)}/measures`,
  clientProfile: (patientId: number) => `/client/${id(patientId)}`,
} as const;
