import type { FastifyInstance } from 'fastify';
import { identityRoutes } from './identity/routes.ts';
import { systemRoutes } from './system/routes.ts';
import { practiceRoutes } from './practice/routes.ts';
import { impersonationRoutes } from './admin/impersonation-routes.ts';
import { agentRoutes } from './agents/routes.ts';
import { shellRoutes } from './shell/routes.ts';
import { supportRoutes } from './support/routes.ts';
import { clientProfileModule } from './clients/profile/profile-module.ts';
import { storageRoutes } from './storage/routes.ts';
import {
  clientSearchRoutes,
  groupSearchRoutes,
  newClientRoutes,
} from './clients/search/search-routes.ts';
import { portalRoutes } from './portal/routes.ts';
import { emailMonitoringModule } from './email-monitoring/module.ts';
import { auditModule } from './audit/module.ts';
import { retentionRoutes } from './clients/retention/retention-routes.ts';
import { intakeRoutes } from './clients/intake/intake-routes.ts';
import { mergeRoutes } from './clients/merge/merge-routes.ts';
import { calendarModule } from './calendar/module.ts';
import { availabilityModule } from './availability/module.ts';
import { availabilitySearchModule } from './calendar/find-appointment/module.ts';
import { bookingModule } from './booking/module.ts';
import { insuranceModule } from './insurance/module.ts';
import { eligibilityModule } from './eligibility/module.ts';
import { insuranceReportsModule } from './insurance-reports/module.ts';
import { recordsModule } from './records/routes.ts';
import { chartingModule } from './charting/module.ts';
import { formsModule } from './forms/module.ts';
import { billingModule } from './billing/module.ts';
import { treatmentPlansModule } from './treatment-plans/module.ts';
import { claimsModule } from './claims/module.ts';

export type ModuleOptions = { publicRateLimit: number; environment: string; helpUrl: string };

/** Every API module, registered under /api. */
export async function registerModules(app: FastifyInstance, options: ModuleOptions): Promise<void> {
  await app.register(identityRoutes, { prefix: '/api', ...options });
  await app.register(impersonationRoutes, { prefix: '/api' });
  await app.register(agentRoutes, { prefix: '/api' });
  await app.register(systemRoutes, { prefix: '/api' });
  await app.register(practiceRoutes, { prefix: '/api', publicRateLimit: options.publicRateLimit });
  await app.register(shellRoutes, {
    prefix: '/api',
    environment: options.environment,
    helpUrl: options.helpUrl,
  });
  await app.register(supportRoutes, { prefix: '/api' });
  await app.register(clientProfileModule, { prefix: '/api' });
  await app.register(storageRoutes, { prefix: '/api' });
  await app.register(clientSearchRoutes, { prefix: '/api' });
  await app.register(groupSearchRoutes, { prefix: '/api' });
  await app.register(newClientRoutes, { prefix: '/api' });
  await app.register(portalRoutes, { prefix: '/api', publicRateLimit: options.publicRateLimit });
  await app.register(emailMonitoringModule, { prefix: '/api' });
  await app.register(auditModule, { prefix: '/api' });
  await app.register(retentionRoutes, { prefix: '/api' });
  await app.register(intakeRoutes, { prefix: '/api' });
  await app.register(mergeRoutes, { prefix: '/api' });
  await app.register(calendarModule, { prefix: '/api' });
  await app.register(availabilityModule, { prefix: '/api' });
  await app.register(availabilitySearchModule, { prefix: '/api' });
  await app.register(bookingModule, { prefix: '/api', publicRateLimit: options.publicRateLimit });
  await app.register(insuranceModule, { prefix: '/api' });
  await app.register(chartingModule, { prefix: '/api' });
  await app.register(formsModule, { prefix: '/api' });
  await app.register(billingModule, { prefix: '/api' });
  await app.register(eligibilityModule, { prefix: '/api' });
  await app.register(insuranceReportsModule, { prefix: '/api' });
  await app.register(recordsModule, { prefix: '/api' });
  await app.register(treatmentPlansModule, { prefix: '/api' });
  await app.register(claimsModule, { prefix: '/api' });
}
