import { build270, echo271 } from '@openpractice/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/client.ts';
import {
  clientInsurances,
  clients,
  clientTherapists,
  practiceInsurances,
  practices,
  therapists,
  users,
} from '../db/schema/index.ts';
import { evaluateAnswer, type CheckResult } from '../modules/eligibility/check-answer.ts';
import {
  eligibility270Input,
  traceNumberOf,
  type EligibilityFacts,
} from '../modules/eligibility/check-request.ts';
import { finishCheck, reserveCheck } from '../modules/eligibility/check-store.ts';
import {
  CLEARINGHOUSE_TIMED_OUT,
  DEFAULT_RECEIVER_ID,
  DEFAULT_SAMPLES_DIR,
  DEFAULT_SUBMITTER_ID,
} from '../platform/clearinghouse.ts';
import { NAMED_CLIENTS } from './demo-clients.ts';

/**
 * NPIs (valid check digits) for the demo therapists, in id order: payers
 * identify the provider of an eligibility check by NPI.
 */
export const DEMO_THERAPIST_NPIS = [
  '1528461035',
  '1528471406',
  '1528481777',
  '1528492147',
  '1528502515',
  '1528512886',
  '1528523255',
  '1528533627',
  '1528543998',
  '1528554367',
];

const DAY_MS = 86_400_000;

type Candidate = {
  clientId: number;
  firstName: string;
  lastName: string;
  dob: string | null;
  gender: string | null;
  policyId: number;
  insuranceNumber: string | null;
  payerId: string;
  payerName: string;
  therapistId: number;
  therapistFirstName: string;
  therapistLastName: string;
  npi: string | null;
};

/** One check of the story: who, when, what was asked, and which sample 271 answered. */
type DemoCheck = {
  client: Candidate;
  daysAgo: number;
  serviceCode: string;
  /** A file of the sample folder, or an error the clearinghouse gave instead of an answer. */
  answer: { sample: string } | { error: string };
  insuranceNumber?: string;
  dependentOf?: { firstName: string; lastName: string };
};

async function giveTherapistsNpis(db: Db): Promise<void> {
  const rows = await db
    .select({ id: therapists.id })
    .from(therapists)
    .where(isNull(therapists.npi))
    .orderBy(asc(therapists.id));
  for (const [index, row] of rows.entries()) {
    const npi = DEMO_THERAPIST_NPIS[index];
    if (npi) await db.update(therapists).set({ npi }).where(eq(therapists.id, row.id));
  }
}

/** Clients of a practice with a primary policy and a primary therapist, oldest record first. */
async function candidates(db: Db, practiceId: number): Promise<Candidate[]> {
  const rows = await db
    .select({
      clientId: clients.id,
      firstName: clients.firstName,
      lastName: clients.lastName,
      dob: clients.dob,
      gender: clients.gender,
      policyId: clientInsurances.id,
      insuranceNumber: clientInsurances.insuranceNumber,
      payerId: practiceInsurances.payerId,
      payerName: practiceInsurances.label,
      therapistId: therapists.id,
      therapistFirstName: therapists.firstName,
      therapistLastName: therapists.lastName,
      npi: therapists.npi,
    })
    .from(clients)
    .innerJoin(
      clientInsurances,
      and(eq(clientInsurances.clientId, clients.id), eq(clientInsurances.insuranceType, 'PRIMARY')),
    )
    .innerJoin(practiceInsurances, eq(practiceInsurances.id, clientInsurances.practiceInsuranceId))
    .innerJoin(
      clientTherapists,
      and(eq(clientTherapists.clientId, clients.id), eq(clientTherapists.isPrimary, true)),
    )
    .innerJoin(therapists, eq(therapists.id, clientTherapists.therapistId))
    .where(and(eq(clients.practiceId, practiceId), eq(clients.isGroup, false)))
    .orderBy(asc(clients.id));
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.clientId) && seen.add(r.clientId));
}

function factsOf(check: DemoCheck): EligibilityFacts {
  const c = check.client;
  return {
    client: { firstName: c.firstName, lastName: c.lastName, dob: c.dob, gender: c.gender },
    payer: { name: c.payerName, payerId: c.payerId },
    therapist: { firstName: c.therapistFirstName, lastName: c.therapistLastName, npi: c.npi ?? '' },
    insuranceNumber: check.insuranceNumber ?? c.insuranceNumber ?? '',
    serviceCode: check.serviceCode,
    isDependent: check.dependentOf !== undefined,
    insuredFirstName: check.dependentOf?.firstName ?? c.firstName,
    insuredLastName: check.dependentOf?.lastName ?? c.lastName,
    insuredDob: check.dependentOf ? null : c.dob,
    relationship: 'child',
  };
}

async function recordDemoCheck(
  db: Db,
  practice: { id: number; timezone: string; requestedByUserId: number | null },
  check: DemoCheck,
  now: Date,
): Promise<void> {
  const { timezone } = practice;
  const at = new Date(now.getTime() - check.daysAgo * DAY_MS);
  const facts = factsOf(check);
  const isError = 'error' in check.answer;
  const envelope = {
    sender: { id: DEFAULT_SUBMITTER_ID },
    receiver: { id: DEFAULT_RECEIVER_ID },
    usage: isError ? ('P' as const) : ('T' as const),
  };
  const reserved = await reserveCheck(
    db,
    {
      practiceId: practice.id,
      clientId: check.client.clientId,
      clientInsuranceId: check.client.policyId,
      therapistId: check.client.therapistId,
      requestedByUserId: practice.requestedByUserId,
      payerId: facts.payer.payerId,
      payerName: facts.payer.name,
      serviceCode: facts.serviceCode,
      insuranceNumber: facts.insuranceNumber,
      isDependent: facts.isDependent,
      insuredFirstName: facts.insuredFirstName,
      insuredLastName: facts.insuredLastName,
      // An error came from the clearinghouse the practice used then; answers from the samples.
      adapter: isError ? 'clearinghouse' : 'local',
      createdAt: at,
    },
    (controlNumber) => {
      const built = build270(eligibility270Input(facts, envelope, controlNumber, at, timezone));
      if (!built.ok) throw new Error(`Demo eligibility check: ${JSON.stringify(built.errors)}`);
      return built.text;
    },
  );
  if ('error' in check.answer) {
    const result: CheckResult = {
      status: 'ERROR',
      failureMessage: null,
      errorMessage: check.answer.error,
      summary: null,
    };
    await finishCheck(db, reserved.id, result, null);
    return;
  }
  const sample = readFileSync(join(DEFAULT_SAMPLES_DIR, check.answer.sample), 'utf8');
  const response = echo271(sample, reserved.requestX12);
  const result = evaluateAnswer(response, {
    traceNumber: traceNumberOf(reserved.controlNumber),
    serviceCode: check.serviceCode,
  });
  await finishCheck(db, reserved.id, result, response);
}

/**
 * A history of eligibility checks over the last 60 days for a few clients of
 * each payer of the first practice (and one of the second), built as live
 * checks are: build270, then the sample 271 of the payer (see
 * clearinghouse-samples/) echoed to the request, so the stored X12 is real.
 */
export async function seedDemoEligibility(
  db: Db,
  practiceIds: { first: number; second: number },
  now: Date,
): Promise<void> {
  await giveTherapistsNpis(db);
  const zoneOf = async (id: number) =>
    (await db.select({ tz: practices.timezone }).from(practices).where(eq(practices.id, id)))[0]
      ?.tz ?? 'America/New_York';

  const first = await candidates(db, practiceIds.first);
  const named = (person: { firstName: string; lastName: string }) =>
    first.find((c) => c.firstName === person.firstName && c.lastName === person.lastName);
  const namedIds = Object.values(NAMED_CLIENTS)
    .map((p) => named(p)?.clientId)
    .filter((id): id is number => id !== undefined);
  const others = first.filter((c) => !namedIds.includes(c.clientId));
  const withPayer = (payerId: string, skip = 0) =>
    others.filter((c) => c.payerId === payerId && c.dob !== null)[skip];

  const checks: DemoCheck[] = [];
  const add = (client: Candidate | undefined, rest: Omit<DemoCheck, 'client'>) => {
    if (client) checks.push({ client, ...rest });
  };
  const margaret = named(NAMED_CLIENTS.margaret);
  // A mistyped member id, rejected by the payer, then corrected a few minutes later.
  add(margaret, {
    daysAgo: 52.01,
    serviceCode: 'MH',
    answer: { sample: 'default.BADID.271' },
    insuranceNumber: 'W00000002',
  });
  add(margaret, { daysAgo: 52, serviceCode: 'MH', answer: { sample: '60054.271' } });
  add(margaret, { daysAgo: 9, serviceCode: 'MH', answer: { sample: '60054.271' } });
  const bob = named(NAMED_CLIENTS.bob);
  add(bob, { daysAgo: 45, serviceCode: '30', answer: { error: CLEARINGHOUSE_TIMED_OUT } });
  add(bob, { daysAgo: 40, serviceCode: '30', answer: { sample: '60054.271' } });
  add(named(NAMED_CLIENTS.jordan), {
    daysAgo: 20,
    serviceCode: 'A6',
    answer: { sample: '60054.271' },
  });
  add(withPayer('00180'), { daysAgo: 15, serviceCode: 'MH', answer: { sample: '00180.271' } });
  add(withPayer('62308'), { daysAgo: 33, serviceCode: 'MH', answer: { sample: '62308.271' } });
  const child = withPayer('87726');
  add(child, {
    daysAgo: 3,
    serviceCode: 'MH',
    answer: { sample: '87726.271' },
    dependentOf: { firstName: 'Pat', lastName: child?.lastName ?? '' },
  });
  add(withPayer('14212'), { daysAgo: 27, serviceCode: 'MH', answer: { sample: '14212.271' } });
  add(withPayer('60054', 1), {
    daysAgo: 2,
    serviceCode: 'CF',
    answer: { sample: 'default.PAYERDOWN.271' },
  });

  // The biller runs the first practice's checks; the owner the second's.
  const userIdOf = async (username: string) =>
    (await db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]?.id ??
    null;
  const firstPractice = {
    id: practiceIds.first,
    timezone: await zoneOf(practiceIds.first),
    requestedByUserId: await userIdOf('biller'),
  };
  for (const check of checks) await recordDemoCheck(db, firstPractice, check, now);

  const second = await candidates(db, practiceIds.second);
  const harriet = second.find(
    (c) =>
      c.firstName === NAMED_CLIENTS.harbor.firstName &&
      c.lastName === NAMED_CLIENTS.harbor.lastName,
  );
  if (harriet) {
    await recordDemoCheck(
      db,
      {
        id: practiceIds.second,
        timezone: await zoneOf(practiceIds.second),
        requestedByUserId: await userIdOf('owner2'),
      },
      { client: harriet, daysAgo: 12, serviceCode: 'MH', answer: { sample: '60054.271' } },
      now,
    );
  }
}
