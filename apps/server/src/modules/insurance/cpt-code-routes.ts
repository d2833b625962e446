import * as contract from '@openpractice/contracts/insurance/authorizations';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { products, therapists } from '../../db/schema/index.ts';
import { notFound } from '../../platform/errors.ts';
import { gateOf } from '../../platform/route-audit.ts';
import { insuranceNeed } from './insurance-gate.ts';

export const THERAPIST_NOT_FOUND = 'We could not find that therapist.';

/** The therapist's primary CPT code (null without one); 404 outside the practice. */
async function primaryCptCodeOf(
  db: Db,
  practiceId: number,
  therapistId: number,
): Promise<string | null> {
  const [therapist] = await db
    .select({ code: products.cptCode })
    .from(therapists)
    .leftJoin(products, eq(products.id, therapists.defaultProductId))
    .where(and(eq(therapists.id, therapistId), eq(therapists.practiceId, practiceId)));
  if (!therapist) throw notFound(THERAPIST_NOT_FOUND);
  return therapist.code;
}

/** The CPT codes a pre-authorization picks from (spec-2 §7 listStandardCptCodes). */
export const cptCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * The practice's active services by CPT code, one row per code; the named
   * therapist's primary code first. Practice data, not the client's record,
   * but the call names a client, so it is gated, and audited as such.
   */
  app.post(
    contract.listStandardCptCodes.path,
    {
      config: {
        access: 'practiceStaff',
        audit: {
          action: 'client.cpt_codes_listed',
          client: { body: 'patientId', need: insuranceNeed('policies') },
          kind: 'view',
        },
      },
      schema: contract.listStandardCptCodes.schema,
    },
    async (request) => {
      const gate = gateOf(request);
      const preferred =
        request.body.therapistId === undefined
          ? null
          : await primaryCptCodeOf(app.db, gate.practiceId, request.body.therapistId);
      const rows = await app.db
        .select({ cptCode: products.cptCode, description: products.description })
        .from(products)
        .where(and(eq(products.practiceId, gate.practiceId), eq(products.active, true)))
        .orderBy(asc(products.cptCode), asc(products.id));
      const byCode = new Map<string, (typeof rows)[number]>();
      for (const row of rows) if (!byCode.has(row.cptCode)) byCode.set(row.cptCode, row);
      const data = [...byCode.values()];
      data.sort((a, b) => Number(b.cptCode === preferred) - Number(a.cptCode === preferred));
      return { data };
    },
  );
};
