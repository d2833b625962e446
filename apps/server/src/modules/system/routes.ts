import * as contract from '@openpractice/contracts/system';
import { US_TIMEZONES, TIMEZONE_ALIASES } from '@openpractice/domain';
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  recordStatuses,
  REFERENCE_TYPES,
  referenceData,
  type ReferenceType,
} from '../../db/schema/index.ts';

type ReferenceItem = {
  code: string;
  name: string;
  isPatientType?: boolean;
  isInsuranceType?: boolean;
};

/** System code tables; not practice data, so public (they load before routing). */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.health.path,
    { config: { access: 'public', audit: 'none' }, schema: contract.health.schema },
    () => ({ status: 'ok' as const }),
  );

  app.get(
    contract.listReferenceDataTypes.path,
    { config: { access: 'public', audit: 'none' }, schema: contract.listReferenceDataTypes.schema },
    async () => {
      const rows = await app.db
        .select()
        .from(referenceData)
        .orderBy(asc(referenceData.type), asc(referenceData.sort));
      const result = Object.fromEntries(
        REFERENCE_TYPES.map((t) => [t, [] as ReferenceItem[]]),
      ) as Record<ReferenceType, ReferenceItem[]>;
      for (const r of rows) {
        const item: ReferenceItem = { code: r.code, name: r.name };
        if (r.type === 'accountPaymentTypes') {
          item.isPatientType = r.isPatientType ?? false;
          item.isInsuranceType = r.isInsuranceType ?? false;
        }
        result[r.type].push(item);
      }
      return result;
    },
  );

  app.get(
    contract.listRecordStatuses.path,
    { config: { access: 'public', audit: 'none' }, schema: contract.listRecordStatuses.schema },
    async () => ({
      data: (await app.db.select().from(recordStatuses).orderBy(asc(recordStatuses.id))).map(
        (r) => ({ recordStatusId: r.id, name: r.name }),
      ),
    }),
  );

  app.get(
    contract.listUsTimezones.path,
    { config: { access: 'public', audit: 'none' }, schema: contract.listUsTimezones.schema },
    () => ({ data: [...US_TIMEZONES], aliases: TIMEZONE_ALIASES }),
  );
};
