import {
  answersTrace,
  eligibilityOutcome,
  MENTAL_HEALTH_SERVICE_TYPES,
  parse271,
  X12Error,
  type EligibilityCheckStatus,
  type Eligibility271,
} from '@openpractice/domain';

/** What a check came to, as stored on its row. */
export type CheckResult = {
  status: EligibilityCheckStatus;
  failureMessage: string | null;
  errorMessage: string | null;
  /** The parsed 271 (coverage, plan dates, cost share in cents, benefits, rejections). */
  summary: Eligibility271 | null;
};

export const NOT_A_271 = 'The clearinghouse answered with something that is not a readable 271';
export const ACKNOWLEDGMENT_REJECTION =
  'The clearinghouse rejected the 270 as malformed (it answered with a TA1 or 999 acknowledgment instead of a 271).';
export const TRACE_MISMATCH =
  'The clearinghouse answered a different request (the trace number does not match). Please try again.';

/** An interchange acknowledgment (TA1) or an implementation acknowledgment (999) instead of a 271. */
const ACKNOWLEDGMENT = /(^|[~\r\n])\s*(TA1[^A-Za-z0-9]|ST[^A-Za-z0-9]999[^0-9])/;

/**
 * Reads the answer to one check: a 271 with AAA rejections FAILED (with the
 * payer's reasons), any other 271 COMPLETE (active, inactive or unknown
 * coverage), anything unreadable or answering another trace ERROR.
 */
export function evaluateAnswer(
  responseX12: string,
  request: { traceNumber: string; serviceCode: string },
): CheckResult {
  let parsed: Eligibility271;
  try {
    parsed = parse271(responseX12, {
      serviceTypes: [request.serviceCode, ...MENTAL_HEALTH_SERVICE_TYPES],
    });
  } catch (caught) {
    if (!(caught instanceof X12Error)) throw caught;
    return {
      status: 'ERROR',
      failureMessage: null,
      errorMessage: ACKNOWLEDGMENT.test(responseX12)
        ? ACKNOWLEDGMENT_REJECTION
        : `${NOT_A_271}: ${caught.message}`,
      summary: null,
    };
  }
  if (!answersTrace(parsed, request.traceNumber)) {
    return { status: 'ERROR', failureMessage: null, errorMessage: TRACE_MISMATCH, summary: null };
  }
  const outcome = eligibilityOutcome(parsed);
  return {
    status: outcome.status,
    failureMessage: outcome.failureMessage,
    errorMessage: null,
    summary: parsed,
  };
}
