import { clientSearchContextsFor, type ClientSearchContext } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { rowsOf, type Db } from '../../../db/client.ts';
import { authOf, practiceScope } from '../../../platform/access.ts';
import { forbidden } from '../../../platform/errors.ts';
import type { SearchScope } from './search-queries.ts';

/**
 * What the caller is in this practice: therapist (from the session), supervisor
 * and custodian. Supervision costs a query, so it is looked up only when asked.
 */
export async function callerFacts(db: Db, request: FastifyRequest, withSupervision = true) {
  const auth = authOf(request);
  const practiceId = practiceScope(request);
  const therapistId = auth.therapistId;
  let hasSupervisees = false;
  if (withSupervision && therapistId !== null) {
    const [row] = await rowsOf<{ yes: boolean }>(
      db,
      sql`select exists (select 1 from therapist_supervisors s where s.supervisor_therapist_id = ${therapistId}) as yes`,
    );
    hasSupervisees = row?.yes ?? false;
  }
  const facts = {
    isTherapist: therapistId !== null,
    hasSupervisees,
    isCustodian: auth.user.authorities.includes('customer.phisupervisor'),
  };
  return {
    practiceId,
    userId: auth.user.id,
    therapistId,
    contexts: clientSearchContextsFor(auth.user.authorities, facts),
  };
}

/** The search scope for a requested context, refused when the server does not offer it. */
export async function searchScope(
  db: Db,
  request: FastifyRequest,
  requested: ClientSearchContext | undefined,
): Promise<SearchScope> {
  const facts = await callerFacts(db, request, requested === 'supervisees');
  const context = requested ?? facts.contexts[0];
  if (!context || !facts.contexts.includes(context)) throw forbidden();
  return {
    practiceId: facts.practiceId,
    context,
    callerUserId: facts.userId,
    callerTherapistId: facts.therapistId,
  };
}
