import { formatClientNumber, formatUsDate } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';

/** One service on a superbill: a charge of the period net of its reversals. */
export type SuperbillService = {
  day: string;
  cptCode: string | null;
  modifiers: string[];
  units: number;
  placeOfService: string;
  provider: string;
  providerNpi: string | null;
  feeCents: number;
};

export type SuperbillPayment = { day: string; method: string; amountCents: number };

export type SuperbillFacts = {
  client: { name: string; accountNumber: string; dob: string | null; address: string[] };
  practice: { tin: string | null; npi: string | null };
  diagnoses: string[];
  services: SuperbillService[];
  payments: SuperbillPayment[];
};

// Telehealth codes (CMS): a session held by video is billed at the place of service chosen on
// the appointment (10, the client's home, unless it says 02 or 11), with modifier 95
// (synchronous telehealth) away from the office, as most payers ask. No other modifier is kept.
const TELEHEALTH_POS = '10';
const TELEHEALTH_MODIFIER = '95';

type ServiceRow = Omit<SuperbillService, 'modifiers' | 'placeOfService'> & {
  telehealth: boolean | null;
  telehealthPos: string | null;
  locationPos: string | null;
};

function placeAndModifiers(r: ServiceRow): { placeOfService: string; modifiers: string[] } {
  if (!r.telehealth) return { placeOfService: r.locationPos ?? '11', modifiers: [] };
  const placeOfService = r.telehealthPos ?? TELEHEALTH_POS;
  return { placeOfService, modifiers: placeOfService === '11' ? [] : [TELEHEALTH_MODIFIER] };
}

/** The period's charges with their session's place, provider and telehealth flag. */
async function services(db: Db, practiceId: number, clientId: number, from: string, to: string) {
  const rows = await rowsOf<ServiceRow>(
    db,
    sql`select to_char(c.date_of_service, 'YYYY-MM-DD') as day, c.cpt_code as "cptCode",
          coalesce(c.units, 1) as units,
          c.amount_cents + coalesce((select sum(r.amount_cents) from ledger_entries r
            where r.reverses_id = c.id), 0)::int as "feeCents",
          e.is_telehealth as telehealth, e.telehealth_pos as "telehealthPos",
          l.place_of_service_code as "locationPos",
          coalesce(th.first_name || ' ' || th.last_name, '') as provider, th.npi as "providerNpi"
        from ledger_entries c
        left join calendar_event_attendees a on a.id = c.attendee_id
        left join calendar_events e on e.id = a.event_id
        left join locations l on l.id = e.location_id
        left join therapists th on th.id = e.therapist_id
        where c.practice_id = ${practiceId} and c.client_id = ${clientId} and c.kind = 'charge'
          and c.reverses_id is null and c.date_of_service between ${from} and ${to}
        order by c.date_of_service, c.id`,
  );
  return rows
    .filter((r) => r.feeCents > 0)
    .map((r) => ({
      day: r.day,
      cptCode: r.cptCode,
      units: r.units,
      provider: r.provider,
      providerNpi: r.providerNpi,
      feeCents: r.feeCents,
      ...placeAndModifiers(r),
    }));
}

/** The client's own payments recorded in the period, net of refunds (insurers' are not theirs). */
async function payments(db: Db, practiceId: number, clientId: number, from: string, to: string) {
  return rowsOf<SuperbillPayment>(
    db,
    sql`select to_char(p.created_at at time zone pr.timezone, 'YYYY-MM-DD') as day,
          p.payment_method as method,
          (p.amount_cents
            + coalesce((select sum(r.amount_cents) from ledger_entries r where r.reverses_id = p.id), 0)
            - coalesce((select sum(f.amount_cents) from ledger_entries f
                where f.kind = 'refund' and f.payment_id = p.id and f.reverses_id is null), 0))::int
            as "amountCents"
        from ledger_entries p
        join practices pr on pr.id = p.practice_id
        where p.practice_id = ${practiceId} and p.client_id = ${clientId} and p.kind = 'payment'
          and p.reverses_id is null and p.payment_source = 'client'
          and (p.created_at at time zone pr.timezone)::date between ${from} and ${to}
        order by p.created_at, p.id`,
  ).then((rows) => rows.filter((p) => p.amountCents > 0));
}

type ClientRow = {
  firstName: string;
  lastName: string;
  accountNumber: string;
  dob: string | null;
  line1: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
  tin: string | null;
  npi: string | null;
};

/** Everything a superbill shows for the client and period, or null when the client is not the practice's. */
export async function superbillFacts(
  db: Db,
  input: { practiceId: number; clientId: number; from: string; to: string },
): Promise<SuperbillFacts | null> {
  const { practiceId, clientId, from, to } = input;
  const [client] = await rowsOf<ClientRow>(
    db,
    sql`select c.first_name as "firstName", c.last_name as "lastName",
          c.account_number as "accountNumber", to_char(c.dob, 'YYYY-MM-DD') as dob,
          a.address_line1 as line1, a.city, a.state, a.zipcode, p.tin, p.npi
        from clients c
        join practices p on p.id = c.practice_id
        left join lateral (select * from client_addresses x where x.client_id = c.id
          order by x.is_mailing desc, x.is_default desc, x.id limit 1) a on true
        where c.id = ${clientId} and c.practice_id = ${practiceId}`,
  );
  if (!client) return null;
  const diagnoses = await rowsOf<{ code: string }>(
    db,
    sql`select code from client_diagnoses where client_id = ${clientId} order by position, code`,
  );
  const cityLine = [client.city, [client.state, client.zipcode].filter(Boolean).join(' ')]
    .filter((part) => part !== null && part !== '')
    .join(', ');
  return {
    client: {
      name: `${client.firstName} ${client.lastName}`.trim(),
      accountNumber: formatClientNumber(client.accountNumber),
      dob: client.dob === null ? null : formatUsDate(client.dob),
      address: [client.line1, cityLine].filter((p): p is string => p !== null && p !== ''),
    },
    practice: { tin: client.tin, npi: client.npi },
    diagnoses: diagnoses.map((d) => d.code),
    services: await services(db, practiceId, clientId, from, to),
    payments: await payments(db, practiceId, clientId, from, to),
  };
}
