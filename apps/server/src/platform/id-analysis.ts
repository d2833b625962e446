import { normalizePhotoIdAnalysis, type PhotoIdAnalysis } from '@openpractice/domain';
import { AppError } from './errors.ts';

/**
 * The photo ID analysis adapter (spec-2 §3 photoIdAnalysis, §4): reads name,
 * date of birth and address from the picture of a client's ID. The app does
 * no image recognition itself; it hands the PNG to an analysis service
 * configured with `ID_ANALYSIS_URL` and `ID_ANALYSIS_TOKEN` (any provider, or
 * a small bridge in front of one, that speaks this contract):
 *
 *     POST <ID_ANALYSIS_URL>
 *     Authorization: Bearer <ID_ANALYSIS_TOKEN>
 *     Content-Type: image/png
 *     Accept: application/json
 *
 *     <the PNG bytes>
 *
 * A 2xx answer is JSON in the normalised shape (every field optional, a
 * string or null):
 *
 *     { "firstName": "Margaret", "middleName": "Ann", "lastName": "Hamilton",
 *       "dob": "1985-06-15",                    // YYYY-MM-DD
 *       "addressLine1": "12 Harbor Road", "city": "Portland",
 *       "state": "ME",                          // two letters
 *       "zipcode": "04101" }                    // 5 or 9 digits, a dash allowed
 *
 * Values that are not usable (see `normalizePhotoIdAnalysis`) count as not
 * read. Anything else (another status, not JSON, a network error, no answer
 * within 30 seconds) is a failed analysis: 502 with a message a person can act
 * on. Without a configured service there is no adapter and the call answers
 * 503 'Photo ID analysis is not set up for this practice.'. The photo and the
 * answer are protected health information: neither goes to the application log.
 */

export type IdAnalysisOptions = {
  /** https://… (or http:// to a service on this machine); unset: analysis is not available. */
  url?: string | undefined;
  /** The bearer token the service expects. */
  token?: string | undefined;
};

export type IdAnalyzer = {
  /** Reads the ID in `png`; `today` (YYYY-MM-DD) bounds the date of birth. */
  analyze(png: Buffer, today: string): Promise<PhotoIdAnalysis>;
};

export type IdAnalysisLog = {
  warn(details: { httpStatus?: number | undefined }, message: string): void;
};

export const ID_ANALYSIS_TIMEOUT_MS = 30_000;
export const ID_ANALYSIS_NOT_SET_UP = 'Photo ID analysis is not set up for this practice.';
export const ID_ANALYSIS_FAILED = 'We could not read the photo ID. Please try again.';
export const ID_ANALYSIS_UNREADABLE =
  'The photo ID analysis service gave an answer we could not read. Please try again.';

/** 503 when no analysis service is configured. */
export const idAnalysisNotSetUp = () => new AppError(503, ID_ANALYSIS_NOT_SET_UP);

/** The adapter for a configured service, or null when there is none. */
export function createIdAnalyzer(
  options: IdAnalysisOptions & { log?: IdAnalysisLog } = {},
): IdAnalyzer | null {
  const { url, token, log } = options;
  if (!url || !token) return null;

  return {
    async analyze(png, today) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'image/png',
            accept: 'application/json',
          },
          body: new Uint8Array(png),
          signal: AbortSignal.timeout(ID_ANALYSIS_TIMEOUT_MS),
        });
      } catch (caught) {
        const timedOut = caught instanceof Error && caught.name === 'TimeoutError';
        log?.warn({}, timedOut ? 'photo ID analysis timed out' : 'photo ID analysis unreachable');
        throw new AppError(502, ID_ANALYSIS_FAILED);
      }
      if (!response.ok) {
        await response.arrayBuffer().catch(() => undefined);
        log?.warn({ httpStatus: response.status }, 'photo ID analysis refused the request');
        throw new AppError(502, ID_ANALYSIS_FAILED);
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        log?.warn({ httpStatus: response.status }, 'photo ID analysis answered no JSON');
        throw new AppError(502, ID_ANALYSIS_UNREADABLE);
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        log?.warn({ httpStatus: response.status }, 'photo ID analysis answered no JSON object');
        throw new AppError(502, ID_ANALYSIS_UNREADABLE);
      }
      return normalizePhotoIdAnalysis(body, today);
    },
  };
}
