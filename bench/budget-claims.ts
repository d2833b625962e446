/**
 * Claims budgets (issue 20 item 12): posting an 835 that pays 500 claims takes ≤ 5 s on PGlite,
 * printed against the raw SQL inserts of the same rows. The claims are real: 500 insured clients
 * of therapist1 with one attended session each, claimed by the app when their attendance is
 * saved (the client's automatic-claim setting), as a practice's month of sessions would be.
 */
import { era835, type EraClaim } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../apps/server/src/db/client.ts';
import type { Budget } from './budget.ts';
import { httpClient, type HttpClient } from './http-client.ts';

const PRACTICE_ID = 1;
export const CLAIMS = 500;
/** Each run posts an ERA for claims no ERA has paid yet: a warm-up, then the timed ones. */
const TIMED_RUNS = 3;

type Session = { cookie: string; csrf: string };

type ClaimRow = {
  claimId: number;
  clientId: number;
  pcn: string;
  lcn: string;
  code: string;
  date: string;
  charge: number;
};

const one = async <T>(database: Database, query: ReturnType<typeof sql>): Promise<T> => {
  const [row] = await rowsOf<T>(database.db, query);
  if (row === undefined) throw new Error('bench: expected a row');
  return row;
};

/**
 * `count` insured clients named 'Claimbench <batch>-n', each with one attended session three
 * days ago, whose attendance is saved through the API (which makes the charge and the claim).
 */
async function claimedSessions(
  database: Database,
  client: HttpClient,
  base: string,
  therapist: Session,
  batch: string,
  count: number,
): Promise<ClaimRow[]> {
  const db = database.db;
  const { therapistId } = await one<{ therapistId: number }>(
    database,
    sql`select t.id as "therapistId" from therapists t join users u on u.id = t.user_id
        where u.username = 'therapist1'`,
  );
  const { productId } = await one<{ productId: number }>(
    database,
    sql`select id as "productId" from products
        where practice_id = ${PRACTICE_ID} and cpt_code = '90837' and active`,
  );
  const { payerId } = await one<{ payerId: number }>(
    database,
    sql`select id as "payerId" from practice_insurances where practice_id = ${PRACTICE_ID}
        order by id limit 1`,
  );
  const clients = await rowsOf<{ id: number }>(
    db,
    sql`insert into clients (practice_id, account_number, first_name, last_name, dob, gender)
        select ${PRACTICE_ID},
          (select coalesce(max(account_number), 0) from clients where practice_id = ${PRACTICE_ID}) + g,
          'Claimbench', ${batch} || '-' || g, '1984-02-03', 'Male'
        from generate_series(1, ${count}) g
        returning id`,
  );
  const ids = `{${clients.map((c) => c.id).join(',')}}`;
  await db.execute(sql`insert into client_therapists (client_id, therapist_id, auto_generate_claims)
    select unnest(${ids}::int[]), ${therapistId}, true`);
  await db.execute(sql`insert into client_insurances (client_id, practice_insurance_id,
      insurance_type, insurance_number, group_number)
    select c, ${payerId}, 'PRIMARY', 'CB' || c, 'G100' from unnest(${ids}::int[]) c`);
  await db.execute(sql`insert into client_diagnoses (client_id, code, position)
    select unnest(${ids}::int[]), 'F41.1', 1`);
  // Each client's session on a day of its own within the last 300 days (timely filing).
  const events = await rowsOf<{ id: number }>(
    db,
    sql`insert into calendar_events (practice_id, therapist_id, type, start_at, end_at,
          allow_double_booking)
        select ${PRACTICE_ID}, ${therapistId}, 'appointment',
          date_trunc('hour', now()) - (3 + n % 290) * interval '1 day',
          date_trunc('hour', now()) - (3 + n % 290) * interval '1 day' + interval '1 hour', true
        from generate_series(1, ${count}) n
        returning id`,
  );
  const attendees = await rowsOf<{ id: number }>(
    db,
    sql`insert into calendar_event_attendees (event_id, client_id)
        select * from unnest(${`{${events.map((e) => e.id).join(',')}}`}::int[], ${ids}::int[])
        returning id`,
  );
  for (const attendee of attendees) {
    const saved = await client.send(
      `${base}/api/calendar/editAttendance/save?calendar_event_attendee_id=${attendee.id}` +
        `&calendar_event_attendee_attended=1&product_id=${productId}`,
      {
        method: 'POST',
        headers: { cookie: therapist.cookie, 'x-csrf-token': therapist.csrf },
      },
    );
    if (!saved.ok) throw new Error(`attendance: ${saved.status} ${saved.text}`);
  }
  return rowsOf<ClaimRow>(
    db,
    sql`select c.id as "claimId", c.client_id as "clientId", v.patient_control_number as pcn,
          l.line_control_number as lcn, l.procedure_code as code,
          to_char(l.date_of_service, 'YYYY-MM-DD') as date, l.charge_cents as charge
        from claims c join claim_versions v on v.claim_id = c.id
        join claim_lines l on l.claim_version_id = v.id
        where c.client_id = any(${ids}::int[]) order by c.id`,
  );
}

/** The payer allows all but $30 of each fee and leaves a $25 copay to the client. */
const paying = (claims: readonly ClaimRow[]): EraClaim[] =>
  claims.map((c) => ({
    patientControlNumber: c.pcn,
    payerClaimNumber: `BENCH${c.claimId}`,
    lines: [
      {
        lineControlNumber: c.lcn,
        code: c.code,
        date: c.date,
        chargeCents: c.charge,
        paidCents: c.charge - 5_500,
        contractualCents: 3_000,
        patientCents: 2_500,
      },
    ],
  }));

/**
 * The same rows an ERA posting writes, by plain inserts in one transaction that is rolled back:
 * the file, per claim an insurance payment, its allocation and the contractual adjustment on
 * the session's charge, the posting and the claim's paid event.
 */
async function rawPosting(database: Database, claims: readonly ClaimRow[], text: string) {
  const started = performance.now();
  await database.db
    .transaction(async (tx) => {
      const [file] = await rowsOf<{ id: number }>(
        tx,
        sql`insert into era_files (practice_id, received_at, raw_text, text_sha256, trace_number,
            payer_id, payer_name, total_paid_cents, status)
          values (${PRACTICE_ID}, now(), ${text}, md5(${text}), 'RAW', '60054', 'Raw', 0, 'posted')
          returning id`,
      );
      for (const claim of claims) {
        const [charge] = await rowsOf<{ id: number }>(
          tx,
          sql`select id from ledger_entries where client_id = ${claim.clientId} and kind = 'charge'
              order by id limit 1`,
        );
        const [payment] = await rowsOf<{ id: number }>(
          tx,
          sql`insert into ledger_entries (practice_id, client_id, kind, amount_cents,
              payment_source, payment_method, reference)
            values (${PRACTICE_ID}, ${claim.clientId}, 'payment', ${claim.charge - 5_500},
              'insurance', 'era', 'RAW') returning id`,
        );
        await tx.execute(sql`insert into ledger_entries (practice_id, client_id, kind, amount_cents,
            payment_id, charge_id)
          values (${PRACTICE_ID}, ${claim.clientId}, 'allocation', ${claim.charge - 5_500},
            ${payment?.id}, ${charge?.id})`);
        await tx.execute(sql`insert into ledger_entries (practice_id, client_id, kind, amount_cents,
            charge_id, adjustment_kind)
          values (${PRACTICE_ID}, ${claim.clientId}, 'adjustment', 3000, ${charge?.id}, 'contractual')`);
        await tx.execute(sql`insert into era_postings (practice_id, era_file_id, posting_key,
            claim_id, client_id, patient_control_number, kind, paid_cents, contractual_cents,
            patient_responsibility_cents, other_adjustment_cents, denied_cents, entries,
            ledger_entry_ids, posted_at)
          values (${PRACTICE_ID}, ${file?.id}, ${`raw:${claim.pcn}`}, ${claim.claimId},
            ${claim.clientId}, ${claim.pcn}, 'payment', ${claim.charge - 5_500}, 3000, 2500, 0, 0,
            '[]'::jsonb, '{}'::int[], now())`);
        await tx.execute(sql`insert into claim_events (claim_id, claim_version_id, practice_id, kind,
            status, detail, at)
          select ${claim.claimId}, v.id, ${PRACTICE_ID}, 'paid', 'paid', '{}'::jsonb, now()
          from claim_versions v where v.claim_id = ${claim.claimId} order by v.version desc limit 1`);
      }
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return performance.now() - started;
}

class RolledBack extends Error {}

/** Budget: an 835 paying 500 claims posted through the API (≤ 5 s), ÷ the raw inserts. */
export async function eraPostingBudget(
  database: Database,
  base: string,
  biller: Session,
  therapist: Session,
): Promise<Budget> {
  const client = httpClient();
  try {
    const batch = `B${Date.now().toString(36)}`;
    const api: number[] = [];
    const raw: number[] = [];
    // A small warm-up ERA first (its claims are its own), then the timed 500-claim ones.
    for (let run = 0; run <= TIMED_RUNS; run++) {
      const count = run === 0 ? 20 : CLAIMS;
      const claims = await claimedSessions(
        database,
        client,
        base,
        therapist,
        `${batch}${run}`,
        count,
      );
      if (claims.length !== count) throw new Error(`bench: ${claims.length} claims of ${count}`);
      const text = era835({ traceNumber: `${batch}${run}`, claims: paying(claims) });
      const rawMs = await rawPosting(database, claims, text);
      const started = performance.now();
      const posted = await client.send(`${base}/api/claims/era`, {
        method: 'POST',
        headers: {
          cookie: biller.cookie,
          'x-csrf-token': biller.csrf,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ fileName: `bench-${run}.835`, text }),
      });
      const apiMs = performance.now() - started;
      if (!posted.ok) throw new Error(`ERA upload: ${posted.status} ${posted.text}`);
      const { postings } = (JSON.parse(posted.text) as { data: { postings: unknown[] } }).data;
      if (postings.length !== count)
        throw new Error(`bench: ${postings.length} postings of ${count}`);
      if (run > 0) {
        api.push(apiMs);
        raw.push(rawMs);
      }
    }
    const sorted = [...api].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    const rawMedian = [...raw].sort((a, b) => a - b)[Math.floor(raw.length / 2)] ?? 1;
    return {
      name: `Post an 835 paying ${CLAIMS} claims (≤ 5 s) ÷ the raw inserts of its rows`,
      ratio: median / rawMedian,
      target: { printed: true },
      p50: median,
      p95: sorted.at(-1) ?? 0,
      p95AtMost: 5_000,
      detail: `POST /api/claims/era: ${api.map((t) => t.toFixed(0)).join(', ')} ms over ${TIMED_RUNS} files of ${CLAIMS} claims; raw inserts of the same rows ${raw.map((t) => t.toFixed(0)).join(', ')} ms (the slowest file is the p95 column)`,
    };
  } finally {
    client.close();
  }
}
