/**
 * API calls of insurance claims (issue 20). Imported by the claims feature itself (its pages
 * are all lazily loaded), so these URLs ride in its chunks, not in every page's first load.
 */
export const claimsApi = {
  /** GET the claim set-up; PUT saves all of it. */
  setup: '/api/claims/setup',
  /** GET one claim's versions and events. */
  history: (claimId: number) => `/api/claims/${String(claimId)}/history`,
  /** GET one status's claims (`?limit=&offset=`). */
  list: (status: string) => `/api/claims/list/${encodeURIComponent(status)}`,
  /** POST an 835's text to post it; GET the ERAs received (`?limit=&offset=`). */
  era: '/api/claims/era',
  /** GET what ERAs could not post: the problemERA list (`?limit=&offset=`). */
  eraProblems: '/api/claims/era/problems',
  /** POST what became of one problemERA row. */
  eraProblemResolve: (problemId: number) => `/api/claims/era/problems/${String(problemId)}/resolve`,
  /** GET a print list's claims: primary, secondary or simple (`?limit=&offset=`). */
  printList: (list: string) => `/api/claims/print/${encodeURIComponent(list)}`,
  /** POST chosen claims to print them: answers the PDF. */
  print: '/api/claims/print',
} as const;
