import { fax, max } from '@openpractice/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboundFaxes, practiceContacts } from '../../../db/schema/index.ts';
import { AppError, badRequest, toErrorResponse } from '../../../platform/errors.ts';
import { gateOf, noteAudit } from '../../../platform/route-audit.ts';
import * as contract from '@openpractice/contracts/clients/profile/referral';
import { check, cleanText, requireText } from '../../../platform/validation.ts';
import {
  loadReferralFaxContext,
  NO_REFERRAL_FAX,
  referralFaxTemplate,
  renderFaxPdf,
} from './referral-fax.ts';

export const FAX_SEND_FAILED = 'We could not send the fax. Please try again.';
/** Storage grants of a fax PDF carry this kind; opening one audits `client.referral_fax_read`. */
export const REFERRAL_FAX_KIND = 'referral_fax';
const FAX_LIST_LIMIT = 200;

/** 10 digits from a number the domain `fax` validator accepted (11 with a leading 1). */
const nationalDigits = (number: string) => {
  const digits = number.replace(/\D/g, '');
  return digits.length === 11 ? digits.slice(1) : digits;
};

/** Every fax call needs demographic access to the client, like the referral source itself. */
function declared(
  action: `client.${string}`,
  client: { query: string } | { body: string },
  view?: string,
) {
  return {
    access: 'practice',
    audit: {
      action,
      client: { ...client, need: 'hasDemographicAccess' },
      ...(view ? { detail: () => ({ view }) } : {}),
    },
  } as const;
}

/**
 * The referral fax (spec-2 §7 Referral): the letter template and sending it
 * through the fax adapter (platform/fax.ts).
 */
export const referralFaxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.getFaxTemplate.path,
    {
      config: declared('client.referral_fax_template_read', { query: 'patientId' }),
      schema: contract.getFaxTemplate.schema,
    },
    async (request) => {
      const context = await loadReferralFaxContext(app.db, gateOf(request), app.now());
      if (!context.contact.fax) throw badRequest(NO_REFERRAL_FAX);
      return referralFaxTemplate(context);
    },
  );

  app.post(
    contract.sendFax.path,
    {
      config: declared('client.referral_fax_sent', { body: 'patientId' }),
      schema: contract.sendFax.schema,
    },
    async (request, reply) => {
      const input = request.body;
      const gate = gateOf(request);
      const subject = requireText(input.subject, 'subject');
      check('subject', subject, max(contract.FAX_SUBJECT_MAX));
      const body = requireText(input.body, 'body');
      check('body', body, max(contract.FAX_BODY_MAX));
      const typed = cleanText(input.faxNumber);
      if (typed) check('faxNumber', typed, fax);

      const now = app.now();
      const context = await loadReferralFaxContext(app.db, gate, now);
      const number = typed ?? context.contact.fax;
      if (!number) throw badRequest(NO_REFERRAL_FAX, 'faxNumber');
      // A stored contact fax is checked too: it was typed before these rules, perhaps.
      check('faxNumber', number, fax);
      const faxNumber = nationalDigits(number);

      const pdf = await renderFaxPdf(
        {
          practiceName: context.practiceName,
          to: {
            name: context.contact.name,
            organization: context.contact.organization,
            faxNumber,
          },
          date: context.today,
          subject,
          body,
        },
        now,
      );
      // Awaited to the end, inside the request's transaction: the fax row, its
      // status and the audit row commit together, and nothing touches the
      // database once the answer has gone.
      const result = await app.faxer.send(app.db, app.storage.adapter, {
        practiceId: gate.practiceId,
        clientId: gate.clientId,
        contactId: context.contact.contactId,
        faxNumber,
        subject,
        body,
        pdf,
      });
      // The letter left (or may have left) the building: audited whatever the outcome.
      noteAudit(request, { detail: { faxId: result.id, status: result.status } });
      if (result.status === 'failed') {
        // Answered, not thrown: a throw would roll back the failed fax's row and its audit row.
        const { statusCode, body: error } = toErrorResponse(new AppError(502, FAX_SEND_FAILED));
        void reply.code(statusCode);
        return error;
      }
      return { status: result.status, faxId: result.id };
    },
  );
};

/** The faxes sent for a client, newest first, each with a signed link to its PDF. */
export const referralFaxListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.listFaxes.path,
    {
      config: declared('client.profile_read', { query: 'patientId' }, 'referralFaxes'),
      schema: contract.listFaxes.schema,
    },
    async (request) => {
      const gate = gateOf(request);
      const rows = await app.db
        .select({
          id: outboundFaxes.id,
          faxNumber: outboundFaxes.faxNumber,
          contactName: practiceContacts.name,
          subject: outboundFaxes.subject,
          status: outboundFaxes.status,
          error: outboundFaxes.error,
          pdfKey: outboundFaxes.pdfKey,
          createdAt: outboundFaxes.createdAt,
          sentAt: outboundFaxes.sentAt,
        })
        .from(outboundFaxes)
        .leftJoin(practiceContacts, eq(practiceContacts.id, outboundFaxes.contactId))
        .where(
          and(
            eq(outboundFaxes.practiceId, gate.practiceId),
            eq(outboundFaxes.clientId, gate.clientId),
          ),
        )
        .orderBy(desc(outboundFaxes.createdAt), desc(outboundFaxes.id))
        .limit(FAX_LIST_LIMIT);
      const now = app.now();
      return {
        /** 'local': faxes are kept here only and never leave the server. */
        faxer: app.faxer.kind,
        data: rows.map(({ pdfKey, ...r }) => ({
          ...r,
          createdAt: r.createdAt.toISOString(),
          sentAt: r.sentAt?.toISOString() ?? null,
          pdfUrl: pdfKey
            ? app.storage.readUrl(
                {
                  key: pdfKey,
                  contentType: 'application/pdf',
                  ctx: {
                    kind: REFERRAL_FAX_KIND,
                    practiceId: gate.practiceId,
                    patientId: gate.clientId,
                  },
                },
                now,
              )
            : null,
        })),
      };
    },
  );
};
