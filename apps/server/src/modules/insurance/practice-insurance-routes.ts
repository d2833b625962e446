import { isPracticeInsuranceActive, payerLabel } from '@openpractice/domain';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { practiceInsurances } from '../../db/schema/index.ts';
import { practiceScope } from '../../platform/access.ts';

/** The practice's payers (spec-2 §3 Practice insurance); active ones unless includeAll. */
export const practiceInsuranceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/practiceInsurance',
    {
      config: { access: 'practiceStaff' },
      schema: { querystring: z.object({ includeAll: z.enum(['true', 'false']).optional() }) },
    },
    async (request) => {
      const rows = await app.db
        .select()
        .from(practiceInsurances)
        .where(eq(practiceInsurances.practiceId, practiceScope(request)))
        .orderBy(asc(practiceInsurances.label));
      const today = app.now().toISOString().slice(0, 10);
      const data = rows
        .map((r) => ({
          practice_insurance_id: r.id,
          label: r.label,
          displayLabel: payerLabel({ label: r.label, payerId: r.payerId }),
          payerId: r.payerId,
          endDate: r.endDate,
          therapist_specific: r.therapistSpecific,
          active: isPracticeInsuranceActive(
            { endDate: r.endDate, therapist_specific: r.therapistSpecific },
            today,
          ),
        }))
        .filter((r) => request.query.includeAll === 'true' || r.active);
      return { data };
    },
  );
};
