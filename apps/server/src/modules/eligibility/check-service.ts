import type { checkEligibility } from '@openpractice/contracts/eligibility/checks';
import { build270 } from '@openpractice/domain';
import type { Db } from '../../db/client.ts';
import { ClearinghouseError, type ClearinghouseAdapter } from '../../platform/clearinghouse.ts';
import { badRequest } from '../../platform/errors.ts';
import type { ClientGate } from '../../platform/client-gate.ts';
import { practiceDay } from '../../platform/practice-day.ts';
import { evaluateAnswer, type CheckResult } from './check-answer.ts';
import { loadCheckFacts } from './check-facts.ts';
import { eligibility270Input, inputProblem, traceNumberOf } from './check-request.ts';
import { finishCheck, reserveCheck } from './check-store.ts';
import { findCheck, type EligibilityRequestSummary } from './history.ts';
import type { z } from 'zod';

type CheckBody = z.infer<typeof checkEligibility.schema.body>;

export type CheckDeps = {
  db: Db;
  clearinghouse: ClearinghouseAdapter;
  now: Date;
  userId: number;
};

/**
 * Runs one eligibility check (checkEligibility): validates the request with
 * the domain's 270 builder (400 and nothing written when it is not valid),
 * records the 270 under a new control number, sends it, reads the 271 and
 * records the outcome. A payer's rejection is FAILED with failureMessage; no
 * usable answer is ERROR with errorMessage; both are answers (200), not
 * errors of the call.
 */
export async function runEligibilityCheck(
  deps: CheckDeps,
  gate: ClientGate,
  body: CheckBody,
): Promise<EligibilityRequestSummary> {
  const { db, clearinghouse, now } = deps;
  const { today, timezone } = await practiceDay(db, gate.practiceId, now);
  const { facts, policy, therapistId } = await loadCheckFacts(db, gate, body, today);
  const inputFor = (controlNumber: number) =>
    eligibility270Input(facts, clearinghouse.envelope, controlNumber, now, timezone);

  const trial = build270(inputFor(1));
  if (!trial.ok) {
    const problem = inputProblem(trial);
    throw badRequest(problem.message, problem.field);
  }

  const reserved = await reserveCheck(
    db,
    {
      practiceId: gate.practiceId,
      clientId: gate.clientId,
      clientInsuranceId: policy?.id ?? null,
      therapistId,
      requestedByUserId: deps.userId,
      payerId: facts.payer.payerId,
      payerName: facts.payer.name,
      serviceCode: facts.serviceCode,
      insuranceNumber: facts.insuranceNumber,
      isDependent: facts.isDependent,
      insuredFirstName: facts.insuredFirstName,
      insuredLastName: facts.insuredLastName,
      adapter: clearinghouse.mode,
      createdAt: now,
    },
    (controlNumber) => {
      const built = build270(inputFor(controlNumber));
      // The trial build passed with the same facts; only the control number differs.
      if (!built.ok) throw new Error('The 270 stopped being valid with its control number.');
      return built.text;
    },
  );

  let result: CheckResult;
  let responseX12: string | null = null;
  try {
    responseX12 = await clearinghouse.send270(reserved.requestX12, facts.payer.payerId);
    result = evaluateAnswer(responseX12, {
      traceNumber: traceNumberOf(reserved.controlNumber),
      serviceCode: facts.serviceCode,
    });
  } catch (caught) {
    if (!(caught instanceof ClearinghouseError)) throw caught;
    result = { status: 'ERROR', failureMessage: null, errorMessage: caught.message, summary: null };
  }
  await finishCheck(db, reserved.id, result, responseX12);
  return findCheck(db, gate, reserved.id, today);
}
