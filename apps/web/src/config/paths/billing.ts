/**
 * Client billing's pages (issue 19). The router reads these, so they load with every page: the
 * area's API calls are in api-billing.ts, which rides only in the area's lazy chunks.
 */
const id = (n: number | string) => encodeURIComponent(String(n));

export const billingRoutes = {
  /** The signed-in client's balance and paying it (ours: the spec names none); served by the portal's one route. */
  portal: { path: '/portal/billing', getHref: () => '/portal/billing' },
  /** A client's ledger: balance, credit, aging and every entry (ours; linked from the profile). */
  client: {
    path: '/client/:id/billing',
    getHref: (patientId: number) => `/client/${id(patientId)}/billing`,
  },
  /** Taking a payment from a client (spec-1 §2 `/billing/takePayment/{id?}`). */
  takePayment: {
    path: '/billing/takePayment/:id',
    getHref: (patientId: number) => `/billing/takePayment/${id(patientId)}`,
  },
  /** spec-1 §2 `/billing/virtualTerminal`: keying a card for any client (payment role). */
  virtualTerminal: {
    path: '/billing/virtualTerminal',
    getHref: () => '/billing/virtualTerminal',
  },
  /** spec-1 §2 `/billing/balance/openBalances` and `/billing/balance/openCredits`. */
  openBalances: {
    path: '/billing/balance/openBalances',
    getHref: () => '/billing/balance/openBalances',
  },
  openCredits: {
    path: '/billing/balance/openCredits',
    getHref: () => '/billing/balance/openCredits',
  },
  /**
   * spec-1 §2 `/billing/statement`: a statement for one client or a batch for a period;
   * `?client=` comes from the client's Billing page and chooses that client.
   */
  statement: {
    path: '/billing/statement',
    getHref: (patientId?: number) =>
      patientId === undefined ? '/billing/statement' : `/billing/statement?client=${id(patientId)}`,
  },
  /** spec-1 §2 `/billing/statement/statementsReport`; `?client=` filters to that client. */
  statementsReport: {
    path: '/billing/statement/statementsReport',
    getHref: (patientId?: number) =>
      patientId === undefined
        ? '/billing/statement/statementsReport'
        : `/billing/statement/statementsReport?client=${id(patientId)}`,
  },
  /** spec-1 §2 billing reports: charges, payments and refunds, insurance payments. */
  chargesReport: {
    path: '/billing/charges/chargesReport',
    getHref: () => '/billing/charges/chargesReport',
  },
  paymentsAndRefunds: {
    path: '/billing/payments/paymentsAndRefunds',
    getHref: () => '/billing/payments/paymentsAndRefunds',
  },
  insurancePayments: {
    path: '/billing/payments/insurance',
    getHref: () => '/billing/payments/insurance',
  },
};
