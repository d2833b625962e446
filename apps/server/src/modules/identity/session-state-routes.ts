import * as contract from '@openpractice/contracts/identity';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CSRF_HEADER, issueCsrfToken } from '../../platform/csrf.ts';
import { identityOf, practiceIsAgency } from './identity.ts';

/** What the browser asks before and between actions: who is signed in, and a CSRF token. */
export const sessionStateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.getIdentity.path,
    { config: { access: 'public', audit: 'none' }, schema: contract.getIdentity.schema },
    async (request, reply) => {
      const csrf = issueCsrfToken(app.csrfSecret, request, reply);
      return identityOf(
        request.auth,
        csrf,
        await practiceIsAgency(app.db, request.auth?.practiceId ?? null),
      );
    },
  );

  app.get(
    contract.getCsrfToken.path,
    { config: { access: 'public', audit: 'none' }, schema: contract.getCsrfToken.schema },
    (request, reply) => ({
      token: issueCsrfToken(app.csrfSecret, request, reply),
      headerName: CSRF_HEADER,
    }),
  );
};
