/** API calls of forms and measures (issue 18), loaded only with the area's pages. */

const id = (n: number) => encodeURIComponent(String(n));

export const formApi = {
  definitions: '/api/form/definition',
  practiceList: '/api/form/definition/practiceList',
  unsupported: '/api/form/definition/unsupported',
  definition: (definitionId: number) => `/api/form/definition/${id(definitionId)}`,
  draft: (definitionId: number) => `/api/form/definition/${id(definitionId)}/draft`,
  publish: (definitionId: number) => `/api/form/definition/${id(definitionId)}/publish`,
  settings: (definitionId: number) => `/api/form/definition/${id(definitionId)}/settings`,
  library: '/api/guide/list',
  addLibraryForm: '/api/guide/form',
  assign: '/api/form/assignment',
  clientForms: '/api/client/forms',
  response: (assignmentId: number, step?: 'submit' | 'sign' | 'revoke') =>
    `/api/form/response/${id(assignmentId)}${step ? `/${step}` : ''}`,
  myForms: '/api/form/patient',
  myForm: (assignmentId: number, step?: 'submit' | 'sign' | 'revoke') =>
    `/api/form/patient/${id(assignmentId)}${step ? `/${step}` : ''}`,
  /** PDF forms: the upload, and the files (blank, or completed once it is). */
  pdfUpload: (name: string, signatureRequired: boolean) =>
    `/api/form/definition/pdf?${new URLSearchParams({ name, signatureRequired: String(signatureRequired) }).toString()}`,
  definitionPdf: (definitionId: number) => `/api/form/definition/${id(definitionId)}/pdf`,
  myFormPdf: (assignmentId: number) => `/api/form/patient/${id(assignmentId)}/pdf`,
  responsePdf: (assignmentId: number) => `/api/form/response/${id(assignmentId)}/pdf`,
  measures: (patientId: number) => `/api/measures/clients/${id(patientId)}/history`,
  alerts: '/api/measures/alerts',
  acknowledge: (alertId: number) => `/api/measures/alerts/${id(alertId)}/acknowledge`,
} as const;
