import * as contract from '@openpractice/contracts/billing/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { practiceScope } from '../../platform/access.ts';
import { practiceTimezone } from '../../platform/practice-day.ts';
import {
  chargesReportRows,
  insurancePaymentsRows,
  paymentsAndRefundsRows,
} from './reports-queries.ts';

type Listed = { data: { patientId: number }[] };
// The audit names each client a page showed, as the open balances lists do.
const listedClients = (result: never) => [
  ...new Set((result as Listed).data.map((row) => row.patientId)),
];

/** The charges, payments and refunds, and insurance payments reports (issue 19 item 2). */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.chargesReport.path,
    {
      config: {
        access: 'billing',
        audit: { action: 'billing.charges_report_listed', kind: 'list', returned: listedClients },
      },
      schema: contract.chargesReport.schema,
    },
    async (request) =>
      chargesReportRows(app.db, { practiceId: practiceScope(request), ...request.query }),
  );

  app.get(
    contract.paymentsAndRefundsReport.path,
    {
      config: {
        access: 'billing',
        audit: { action: 'billing.payments_report_listed', kind: 'list', returned: listedClients },
      },
      schema: contract.paymentsAndRefundsReport.schema,
    },
    async (request) => {
      const practiceId = practiceScope(request);
      const timezone = await practiceTimezone(app.db, practiceId);
      return paymentsAndRefundsRows(app.db, timezone, { practiceId, ...request.query });
    },
  );

  app.get(
    contract.insurancePaymentsReport.path,
    {
      config: {
        access: 'billing',
        audit: {
          action: 'billing.insurance_payments_listed',
          kind: 'list',
          returned: listedClients,
        },
      },
      schema: contract.insurancePaymentsReport.schema,
    },
    async (request) => {
      const practiceId = practiceScope(request);
      const timezone = await practiceTimezone(app.db, practiceId);
      return insurancePaymentsRows(app.db, timezone, { practiceId, ...request.query });
    },
  );
};
