/**
 * Insurance claims' pages (issue 20, spec-1 §2 `/billing/claim/…`). The router reads these, so
 * they load with every page: the area's API calls are in api-claims.ts, which rides only in its
 * lazy chunks.
 */
export const claimRoutes = {
  /** Claims the scrubber found nothing blocking on, waiting to be submitted. */
  readyToSubmit: {
    path: '/billing/claim/readyToSubmit',
    getHref: () => '/billing/claim/readyToSubmit',
  },
  /** Claims with a blocking problem, each with a link to the screen that fixes it. */
  scrubProblem: {
    path: '/billing/claim/scrubProblem',
    getHref: () => '/billing/claim/scrubProblem',
  },
  /** What an ERA (835) could not post: unmatched claims, an unbalanced payment. */
  problemEra: {
    path: '/billing/claim/problemERA',
    getHref: () => '/billing/claim/problemERA',
  },
  /** Paper claims (CMS-1500): ready claims of payers not billed electronically, and summaries. */
  printPrimary: {
    path: '/billing/claim/printPrimary',
    getHref: () => '/billing/claim/printPrimary',
  },
  printSecondary: {
    path: '/billing/claim/printSecondary',
    getHref: () => '/billing/claim/printSecondary',
  },
  printSimple: {
    path: '/billing/claim/printSimple',
    getHref: () => '/billing/claim/printSimple',
  },
  /** One claim's versions and event log; without an id it says where claims are found. */
  history: {
    path: '/billing/claim/history/:id?',
    getHref: (claimId: number) => `/billing/claim/history/${String(claimId)}`,
  },
} as const;
