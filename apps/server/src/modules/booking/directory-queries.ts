import type { DirectoryQuery } from '@openpractice/contracts/booking/directory';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';

/** An office a therapist can be booked at online. */
export type DirectoryLocation = {
  id: number;
  name: string;
  addressLine1: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
};

/**
 * What the public may know of a listed therapist: professional facts only,
 * never a client's. Locations and the modes come from their online
 * availability (days with onlineScheduling on, in a span not yet ended).
 */
export type TherapistProfile = {
  therapistId: number;
  practiceId: number;
  practiceName: string;
  firstName: string;
  lastName: string;
  credentials: string | null;
  /** 'Daniel Okafor, LCSW'. */
  displayName: string;
  photoUrl: string | null;
  bio: string | null;
  specialties: string[];
  acceptingNewClients: boolean;
  /** Offers telehealth online: the practice's feature, the therapist's setting and an online day. */
  telehealth: boolean;
  inPerson: boolean;
  locations: DirectoryLocation[];
  insuranceAccepted: { id: number; name: string }[];
  /** The practice's time zone: slots are shown on its clocks. */
  timezone: string;
};

type ProfileRow = Omit<TherapistProfile, 'displayName'> & { isMyTherapist: boolean };

/** LIKE wildcards typed by a visitor are literal. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The listing rule of the public directory: listed, active, of a practice whose directory is on. */
const PUBLIC_LISTING = sql`t.public_listed and t.active and ps.public_directory_enabled`;

/**
 * Profiles of the therapists `t` that `listing` admits, with their facts.
 * `mineOf` names a client whose own therapists are marked `isMyTherapist`;
 * `where` adds filters over the columns of `p` (the profile).
 */
function profilesSql(input: {
  now: Date;
  listing: SQL;
  mineOf?: number;
  where?: SQL;
  tail?: SQL;
}): SQL {
  const today = sql`(${input.now.toISOString()}::timestamptz at time zone pr.timezone)::date`;
  const mine =
    input.mineOf === undefined
      ? sql`false`
      : sql`exists (select 1 from client_therapists ct where ct.client_id = ${input.mineOf}
                      and ct.therapist_id = t.id and ct.status <> 'INACTIVE')`;
  return sql`
    with listed as (
      select t.id, t.practice_id, t.first_name, t.last_name, t.credentials, t.photo_url, t.bio,
        t.specialties, t.accepting_new_clients,
        t.telehealth_enabled and coalesce((ps.features ->> 'telehealth')::boolean, false) as can_telehealth,
        pr.name as practice_name, pr.timezone, ${today} as today, ${mine} as mine
      from therapists t
      join practices pr on pr.id = t.practice_id
      join practice_settings ps on ps.practice_id = t.practice_id
      where ${input.listing}
    ), online as (
      select s.therapist_id, d.location_id, d.in_person_enabled, d.teletherapy_enabled
      from listed l
      join availability_spans s on s.therapist_id = l.id and s.practice_id = l.practice_id
        and (s.span_to is null or s.span_to >= l.today)
      join availability_days d on d.span_id = s.id and d.online_scheduling
    ), p as (
      select l.id as "therapistId", l.practice_id as "practiceId", l.practice_name as "practiceName",
        l.first_name as "firstName", l.last_name as "lastName", l.credentials,
        l.photo_url as "photoUrl", l.bio, l.specialties, l.accepting_new_clients as "acceptingNewClients",
        l.can_telehealth and exists (select 1 from online o where o.therapist_id = l.id and o.teletherapy_enabled) as telehealth,
        exists (select 1 from online o where o.therapist_id = l.id and o.in_person_enabled) as "inPerson",
        coalesce((
          select json_agg(json_build_object('id', loc.id, 'name', loc.name, 'addressLine1', loc.address_line1,
                   'city', loc.city, 'state', loc.state, 'zipcode', loc.zipcode) order by loc.is_default desc, loc.name, loc.id)
          from locations loc
          where loc.practice_id = l.practice_id and loc.active and loc.id in (
            select o.location_id from online o where o.therapist_id = l.id and o.in_person_enabled)
        ), '[]') as locations,
        coalesce((
          select json_agg(json_build_object('id', pi.id, 'name', pi.label) order by pi.label, pi.id)
          from therapist_accepted_insurances tai
          join practice_insurances pi on pi.id = tai.practice_insurance_id
          where tai.therapist_id = l.id and pi.practice_id = l.practice_id
            and (pi.end_date is null or pi.end_date >= l.today)
        ), '[]') as "insuranceAccepted",
        l.timezone, l.mine as "isMyTherapist"
      from listed l
    )
    select p.* from p where true ${input.where ?? sql``}
    ${input.tail ?? sql``}`;
}

const displayNameOf = (row: Pick<ProfileRow, 'firstName' | 'lastName' | 'credentials'>) =>
  `${row.firstName} ${row.lastName}${row.credentials ? `, ${row.credentials}` : ''}`;

const toProfile = ({ isMyTherapist: _mine, ...row }: ProfileRow): TherapistProfile => ({
  ...row,
  displayName: displayNameOf(row),
});

/** The filters of a search, as conditions over the profile `p`. */
function filtersOf(query: DirectoryQuery): SQL {
  const parts: SQL[] = [];
  for (const word of (query.text ?? '').split(/\s+/).filter(Boolean)) {
    parts.push(
      sql`(p."firstName" || ' ' || p."lastName" || ' ' || coalesce(p.credentials, '')) ilike ${`%${likeEscaped(word)}%`} escape '\\'`,
    );
  }
  if (query.specialty) {
    parts.push(
      sql`exists (select 1 from unnest(p.specialties) sp where lower(sp) = lower(${query.specialty}))`,
    );
  }
  if (query.locationId !== undefined) {
    parts.push(
      sql`exists (select 1 from json_array_elements(p.locations) x where (x ->> 'id')::int = ${query.locationId})`,
    );
  }
  if (query.city) {
    parts.push(
      sql`exists (select 1 from json_array_elements(p.locations) x where lower(x ->> 'city') = lower(${query.city}))`,
    );
  }
  if (query.state) {
    parts.push(
      sql`exists (select 1 from json_array_elements(p.locations) x where upper(x ->> 'state') = upper(${query.state}))`,
    );
  }
  if (query.telehealth === true) parts.push(sql`p.telehealth`);
  if (query.telehealth === false) parts.push(sql`p."inPerson"`);
  if (query.insurance) {
    const insurance = query.insurance;
    parts.push(
      /^\d{1,9}$/.test(insurance)
        ? sql`exists (select 1 from json_array_elements(p."insuranceAccepted") x where (x ->> 'id')::int = ${Number(insurance)})`
        : sql`exists (select 1 from json_array_elements(p."insuranceAccepted") x where (x ->> 'name') ilike ${`%${likeEscaped(insurance)}%`} escape '\\')`,
    );
  }
  if (query.acceptingNewClients === true) parts.push(sql`p."acceptingNewClients"`);
  return parts.length === 0 ? sql`` : sql`and ${sql.join(parts, sql` and `)}`;
}

/** A page of the public directory, by last name; `hasMore` when another page follows. */
export async function searchDirectory(
  db: Db,
  query: DirectoryQuery,
  now: Date,
): Promise<{ data: TherapistProfile[]; hasMore: boolean }> {
  const scope =
    query.practiceId === undefined ? sql`` : sql`and t.practice_id = ${query.practiceId}`;
  const rows = await rowsOf<ProfileRow>(
    db,
    profilesSql({
      now,
      listing: sql`${PUBLIC_LISTING} ${scope}`,
      where: filtersOf(query),
      tail: sql`order by p."lastName", p."firstName", p."therapistId" limit ${query.limit + 1} offset ${query.offset}`,
    }),
  );
  return { data: rows.slice(0, query.limit).map(toProfile), hasMore: rows.length > query.limit };
}

/** One listed therapist's public profile, or undefined (unlisted, inactive, directory off, unknown). */
export async function listedTherapist(
  db: Db,
  therapistId: number,
  now: Date,
): Promise<TherapistProfile | undefined> {
  const [row] = await rowsOf<ProfileRow>(
    db,
    profilesSql({ now, listing: sql`${PUBLIC_LISTING} and t.id = ${therapistId}` }),
  );
  return row ? toProfile(row) : undefined;
}

/**
 * Profiles of a practice's therapists for its signed-in client: their own
 * therapists (whether listed or not) and, when the directory is on, the
 * listed ones. `isMyTherapist` marks the former; they come first.
 */
export async function therapistsForClient(
  db: Db,
  input: { practiceId: number; clientId: number; now: Date },
): Promise<(TherapistProfile & { isMyTherapist: boolean })[]> {
  const rows = await rowsOf<ProfileRow>(
    db,
    profilesSql({
      now: input.now,
      mineOf: input.clientId,
      listing: sql`t.practice_id = ${input.practiceId} and t.active and (${PUBLIC_LISTING} or exists (
        select 1 from client_therapists ct where ct.client_id = ${input.clientId}
          and ct.therapist_id = t.id and ct.status <> 'INACTIVE'))`,
      tail: sql`order by p."isMyTherapist" desc, p."lastName", p."firstName", p."therapistId"`,
    }),
  );
  return rows.map((row) => ({ ...toProfile(row), isMyTherapist: row.isMyTherapist }));
}

export type DirectoryFilters = {
  practices: { id: number; name: string }[];
  specialties: string[];
  locations: (DirectoryLocation & { practiceId: number })[];
  insurances: string[];
};

/** The choices the directory's filters offer: what the listed therapists (of a practice) have. */
export async function directoryFilters(
  db: Db,
  practiceId: number | undefined,
  now: Date,
): Promise<DirectoryFilters> {
  const scope = practiceId === undefined ? sql`` : sql`and t.practice_id = ${practiceId}`;
  const rows = await rowsOf<ProfileRow>(
    db,
    profilesSql({ now, listing: sql`${PUBLIC_LISTING} ${scope}` }),
  );
  const practices = new Map<number, string>();
  const specialties = new Map<string, string>();
  const locations = new Map<number, DirectoryLocation & { practiceId: number }>();
  const insurances = new Map<string, string>();
  for (const row of rows) {
    practices.set(row.practiceId, row.practiceName);
    for (const s of row.specialties) specialties.set(s.toLowerCase(), s);
    for (const l of row.locations) locations.set(l.id, { ...l, practiceId: row.practiceId });
    for (const i of row.insuranceAccepted) insurances.set(i.name.toLowerCase(), i.name);
  }
  const byText = (a: string, b: string) => a.localeCompare(b);
  return {
    practices: [...practices]
      .map(([id, name]) => ({ id, name }))
      .sort((a, b) => byText(a.name, b.name)),
    specialties: [...specialties.values()].sort(byText),
    locations: [...locations.values()].sort((a, b) => byText(a.name, b.name)),
    insurances: [...insurances.values()].sort(byText),
  };
}

/** Whether a practice exists with its public directory on. */
export async function practiceDirectoryOpen(db: Db, practiceId: number): Promise<boolean> {
  const [row] = await rowsOf<{ open: boolean }>(
    db,
    sql`select ps.public_directory_enabled as open from practice_settings ps where ps.practice_id = ${practiceId}`,
  );
  return row?.open === true;
}
