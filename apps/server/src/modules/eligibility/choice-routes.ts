import * as contract from '@openpractice/contracts/eligibility/checks';
import {
  eligibilityServiceTypes,
  isPracticeInsuranceActive,
  payerLabel,
  DEFAULT_ELIGIBILITY_SERVICE_TYPE,
} from '@openpractice/domain';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { practiceInsurances } from '../../db/schema/index.ts';
import { practiceScope } from '../../platform/access.ts';
import { practiceDay } from '../../platform/practice-day.ts';

/**
 * What an eligibility check picks from (spec-2 §7 Insurance: listX12ServiceCodes,
 * listEligibilityPayers): practice data naming no client, so not audited.
 */
export const eligibilityChoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.listX12ServiceCodes.path,
    {
      config: { access: 'practiceStaff', audit: 'none' },
      schema: contract.listX12ServiceCodes.schema,
    },
    () => ({
      data: eligibilityServiceTypes(),
      defaultCode: DEFAULT_ELIGIBILITY_SERVICE_TYPE,
    }),
  );

  app.get(
    contract.listEligibilityPayers.path,
    {
      config: { access: 'practiceStaff', audit: 'none' },
      schema: contract.listEligibilityPayers.schema,
    },
    async (request) => {
      const practiceId = practiceScope(request);
      const { today } = await practiceDay(app.db, practiceId, app.now());
      const rows = await app.db
        .select({
          id: practiceInsurances.id,
          label: practiceInsurances.label,
          payerId: practiceInsurances.payerId,
          endDate: practiceInsurances.endDate,
          therapistSpecific: practiceInsurances.therapistSpecific,
        })
        .from(practiceInsurances)
        .where(eq(practiceInsurances.practiceId, practiceId))
        .orderBy(asc(practiceInsurances.label), asc(practiceInsurances.id));
      // One entry per payer id (the 270 names the payer by its id), the first by label.
      const byPayerId = new Map<string, (typeof rows)[number]>();
      for (const row of rows) {
        const active = isPracticeInsuranceActive(
          { endDate: row.endDate, therapist_specific: row.therapistSpecific },
          today,
        );
        if (active && row.payerId.trim() !== '' && !byPayerId.has(row.payerId))
          byPayerId.set(row.payerId, row);
      }
      const data = [...byPayerId.values()].map((r) => ({
        practice_insurance_id: r.id,
        label: r.label,
        payerId: r.payerId,
        displayLabel: payerLabel({ label: r.label, payerId: r.payerId }),
      }));
      const mode = app.clearinghouse.mode;
      return { data, mode, testMode: mode === 'local' };
    },
  );
};
