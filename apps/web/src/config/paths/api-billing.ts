/**
 * Client billing's API calls (docs/billing-api.md), apart from the pages' paths so they ride only
 * in the area's lazily loaded chunks.
 */
const id = (n: number | string) => encodeURIComponent(String(n));

const client = (patientId: number) => `/api/billing/clients/${id(patientId)}`;

/** The billing calls (docs/billing-api.md) and the two client calls the billing pages read. */
export const billingApi = {
  ledger: (patientId: number) => `${client(patientId)}/ledger`,
  dueNow: (patientId: number) => `${client(patientId)}/dueNow`,
  payments: (patientId: number) => `${client(patientId)}/payments`,
  refunds: (patientId: number, paymentId: number) =>
    `${client(patientId)}/payments/${id(paymentId)}/refunds`,
  cardRefunds: (patientId: number, paymentId: number) =>
    `${client(patientId)}/payments/${id(paymentId)}/cardRefunds`,
  adjustments: (patientId: number) => `${client(patientId)}/adjustments`,
  reverse: (patientId: number, entryId: number) =>
    `${client(patientId)}/entries/${id(entryId)}/reverse`,
  statementFor: (patientId: number) => `${client(patientId)}/statements`,
  statementBatch: '/api/billing/statements/batch',
  statements: '/api/billing/statements',
  statementPdf: (statementId: number) => `/api/billing/statements/${id(statementId)}/pdf`,
  superbill: (patientId: number, from: string, to: string) =>
    `${client(patientId)}/superbill?${new URLSearchParams({ from, to }).toString()}`,
  openBalances: '/api/billing/balances/open',
  openCredits: '/api/billing/credits/open',
  /** Who the client is (the pages' headings) and what the caller may do for them. */
  clientSummary: '/api/patient/getSummary',
  clientAccess: '/api/patient/findPatientAccess',
  therapists: '/api/practice/listTherapists',
};
