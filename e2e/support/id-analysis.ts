/**
 * The photo ID analysis service of the end-to-end runs: a real HTTP server
 * (support/id-analysis-stub.ts, started by playwright.config.ts beside the
 * app, which gets its address as ID_ANALYSIS_URL) that reads every photo as
 * the same ID. Only specs that read a photo ID on their own client use it.
 */
export const ID_ANALYSIS_TOKEN = 'e2e-id-analysis-token';

/** The normalised answer (apps/server/src/platform/id-analysis.ts) for every photo. */
export const ID_ANALYSIS_READING = {
  firstName: 'Rosalind',
  middleName: 'Elsie',
  lastName: 'Franklin',
  dob: '1980-07-25',
  addressLine1: '5 Lighthouse Lane',
  city: 'Cape Elizabeth',
  state: 'ME',
  zipcode: '04107',
} as const;

/** Its port: beside the app's (E2E_PORT + 1000), so parallel runs on one machine do not collide. */
export function idAnalysisPort(appPort: number): number {
  return Number(process.env.E2E_ID_ANALYSIS_PORT ?? appPort + 1000);
}
