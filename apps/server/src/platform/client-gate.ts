import { clientAccess, type PatientAccess } from '@openpractice/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { preparedRowsOf } from '../db/prepared.ts';
import { authOf, practiceScope } from './access.ts';
import { forbidden, notFound } from './errors.ts';

export const CLIENT_NOT_FOUND = 'We could not find that client.';
/** A record-level refusal, told apart from a route's 'Permission denied' (spec-1 §6). */
export const CLIENT_FORBIDDEN =
  "You do not have access to this client's record. Ask the client's therapist or a manager.";

/** What a route needs beyond seeing the client: an access flag, or a rule with its own message. */
export type ClientNeed =
  | Exclude<keyof PatientAccess, 'canView'>
  | { allows: (gate: ClientGate, authorities: readonly string[]) => boolean; message: string };

export type ClientGate = {
  clientId: number;
  practiceId: number;
  access: PatientAccess;
  isCallerTherapistOfClient: boolean;
  /** The caller supervises one of the client's therapists. */
  isCallerSupervisorOfClient: boolean;
  /** The caller holds the client's records as custodian. */
  isCallerCustodianOfClient: boolean;
  /** What the route asked to read in the gate's statement (`alongside`); null when nothing. */
  alongside: unknown;
};

type GateRow = {
  id: number;
  isTherapist: boolean;
  isSupervisor: boolean;
  isCustodian: boolean;
  alongside: unknown;
};

/**
 * Who the caller is to the client, as `client_gate_flags` (migration 0037) answers: the
 * same three questions the gate always asked, in a function so that their plans are kept
 * for the connection rather than made again on every gated request.
 */
const flagColumns = sql`f.is_therapist as "isTherapist", f.is_supervisor as "isSupervisor",
  f.is_custodian as "isCustodian"`;

const alongsideColumn = (alongside?: SQL) =>
  alongside ? sql`(${alongside}) as alongside` : sql`null as alongside`;

/**
 * The one check before any read or change of a client's record: the client
 * must belong to the caller's practice (else 404, so ids of other practices
 * reveal nothing), the caller must be allowed to see it, and to hold `need`.
 * `alongside` is a value the handler reads anyway (a booking's facts), read in
 * the same statement to save a round trip; it is handed over only if the gate passes.
 */
export async function gateClient(
  db: Db,
  request: FastifyRequest,
  clientId: number,
  need?: ClientNeed,
  alongside?: SQL,
): Promise<ClientGate> {
  const practiceId = practiceScope(request);
  const [row] = await preparedRowsOf<GateRow>(
    db,
    sql`select c.id, ${flagColumns}, ${alongsideColumn(alongside)}
        from clients c cross join lateral client_gate_flags(c.id, ${authOf(request).user.id}::int) f
        where c.id = ${clientId} and c.practice_id = ${practiceId}`,
  );
  if (!row) throw notFound(CLIENT_NOT_FOUND);
  return decide(request, practiceId, row, need);
}

/**
 * The gate for a client found from a record that stands for it (a note): `clientOf` is a
 * scalar subquery answering the client's id, or null when the record does not exist, read
 * in the gate's own statement rather than one of its own. Null when it names no client
 * (the handler then answers for the missing record, as it would without the gate).
 */
export async function gateResolvedClient(
  db: Db,
  request: FastifyRequest,
  clientOf: SQL,
  need?: ClientNeed,
  alongside?: SQL,
): Promise<ClientGate | null> {
  const practiceId = practiceScope(request);
  const [row] = await preparedRowsOf<
    Omit<GateRow, 'id'> & { id: number | null; namedId: number | null }
  >(
    db,
    sql`select named.id as "namedId", c.id, ${flagColumns}, ${alongsideColumn(alongside)}
        from (select (${clientOf})::int as id) named
        left join clients c on c.id = named.id and c.practice_id = ${practiceId}
        left join lateral client_gate_flags(c.id, ${authOf(request).user.id}::int) f on true`,
  );
  if (!row || row.namedId === null) return null;
  if (row.id === null) throw notFound(CLIENT_NOT_FOUND);
  return decide(request, practiceId, { ...row, id: row.id }, need);
}

function decide(
  request: FastifyRequest,
  practiceId: number,
  row: GateRow,
  need: ClientNeed | undefined,
): ClientGate {
  const access = clientAccess(authOf(request).user.authorities, {
    isTherapist: row.isTherapist,
    isSupervisor: row.isSupervisor,
    isCustodian: row.isCustodian,
  });
  const gate: ClientGate = {
    clientId: row.id,
    practiceId,
    access,
    isCallerTherapistOfClient: row.isTherapist,
    isCallerSupervisorOfClient: row.isSupervisor,
    isCallerCustodianOfClient: row.isCustodian,
    alongside: row.alongside,
  };
  if (!access.canView) throw forbidden(CLIENT_FORBIDDEN);
  if (typeof need === 'string' && !access[need]) throw forbidden(CLIENT_FORBIDDEN);
  if (typeof need === 'object' && !need.allows(gate, authOf(request).user.authorities)) {
    throw forbidden(need.message);
  }
  return gate;
}
