import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientInsurances, clients } from '../../db/schema/index.ts';
import { gateOf } from '../../platform/route-audit.ts';
import { linkIssuerOf } from '../../platform/storage.ts';
import { CARD_CONTENT_TYPE, CARD_KIND } from './card-keys.ts';

/** Sets the policy's card to `key` and removes the file it replaces; null without the policy. */
export async function makeCardCurrent(
  app: FastifyInstance,
  clientId: number,
  insuranceId: number,
  key: string,
) {
  const [policy] = await app.db
    .select({ key: clientInsurances.cardPhotoKey })
    .from(clientInsurances)
    .innerJoin(clients, eq(clients.id, clientInsurances.clientId))
    .where(and(eq(clientInsurances.id, insuranceId), eq(clientInsurances.clientId, clientId)));
  if (!policy) return null;
  await app.db
    .update(clientInsurances)
    .set({ cardPhotoKey: key })
    .where(eq(clientInsurances.id, insuranceId));
  if (policy.key && policy.key !== key) await app.storage.adapter.delete(policy.key);
  return { insuranceId, change: policy.key ? 'replaced' : 'added' };
}

/** A signed address to read the card stored at `key`, for the gated client of `request`. */
export function cardReadUrl(app: FastifyInstance, request: FastifyRequest, key: string) {
  const gate = gateOf(request);
  return app.storage.readUrl(
    {
      key,
      contentType: CARD_CONTENT_TYPE,
      ctx: { kind: CARD_KIND, practiceId: gate.practiceId, patientId: gate.clientId },
      by: linkIssuerOf(request),
    },
    app.now(),
  );
}
