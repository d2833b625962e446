/**
 * Forms' and measures' page paths (issue 18 items 1, 2 and 6). The route table needs them, so
 * they ride in every first load: paths only. Links are made by form-links.ts and the API
 * calls are in api-forms.ts, both loaded with the pages that use them.
 */
export const formPaths = {
  /** The practice's forms; `practiceList`, `unsupported` or `new` in place of an id are lists. */
  definition: '/form/definition/:id?',
  /** The library of ready-made forms: `/guide`, `/guide/list`, `/guide/form?key=`. */
  guide: '/guide/:page?',
  /** A response seen (and completed with the client in session) by staff. */
  response: '/form/response/:id',
  /** The signed-in client's forms (the portal): to fill in, and to read back. */
  portalEdit: '/form/patient/edit/:id?',
  portalView: '/form/patient/view/:id?',
  /** The same pages for a PDF form (spec-1 §2 `/pdf/patient/edit|view/{id}`). */
  pdfEdit: '/pdf/patient/edit/:id?',
  pdfView: '/pdf/patient/view/:id?',
  /** A client's forms (spec-2 §2 `/client/forms`), the client chosen by `?patientId=`. */
  clientForms: '/client/forms',
  /** A client's PHQ-9 and GAD-7 scores over time. */
  measures: '/client/:id/measures',
} as const;
