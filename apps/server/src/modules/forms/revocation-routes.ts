import * as contract from '@openpractice/contracts/forms/revocations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { practiceScope } from '../../platform/access.ts';
import { practiceTimezone } from '../../platform/practice-day.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import { revocationPage, revocationsCsv } from './revocation-report.ts';

/** Most rows one CSV export carries. */
const CSV_MAX_ROWS = 10_000;

/**
 * The document revocations report (issue 18 item 4), for those who read the practice's audit
 * reports. It names clients, so each page and export is audited with the clients it returns.
 */
export const revocationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.documentRevocations.path,
    {
      config: {
        access: 'practiceWideReporting',
        audit: {
          action: 'client.revocations_listed',
          returned: (result: { data: { patientId: number }[] }) =>
            result.data.map((r) => r.patientId),
        },
      },
      schema: contract.documentRevocations.schema,
    },
    async (request) => {
      const { limit, offset, ...filter } = request.query;
      const practiceId = practiceScope(request);
      const page = await revocationPage(app.db, { practiceId, ...filter }, { limit, offset });
      return { ...page, timezone: await practiceTimezone(app.db, practiceId) };
    },
  );

  app.get(
    contract.exportDocumentRevocations.path,
    {
      config: {
        access: 'practiceWideReporting',
        audit: { action: 'client.revocations_exported', kind: 'export' },
      },
      schema: contract.exportDocumentRevocations.schema,
    },
    async (request, reply) => {
      const { data } = await revocationPage(
        app.db,
        { practiceId: practiceScope(request), ...request.query },
        { limit: CSV_MAX_ROWS, offset: 0 },
      );
      noteAudit(request, {
        patientIds: [...new Set(data.map((r) => r.patientId))],
        detail: { rows: data.length },
      });
      void reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="document-revocations.csv"');
      return revocationsCsv(data);
    },
  );
};
