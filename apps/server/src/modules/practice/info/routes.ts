import * as contract from '@openpractice/contracts/practice/info';
import {
  canonicalTimezone,
  formatTin,
  npiMessage,
  phone,
  regex,
  tinDigits,
  tinMessage,
  zipShort,
} from '@openpractice/domain';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { practices, practiceSettings } from '../../../db/schema/index.ts';
import { practiceScope } from '../../../platform/access.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import { noteAudit } from '../../../platform/route-audit.ts';
import { check, cleanText, requireText } from '../../../platform/validation.ts';

const stateCode = regex(/^[A-Za-z]{2}$/, 'Enter the two-letter state code, e.g. ME.');

async function loadInfo(db: Db, practiceId: number) {
  const [row] = await db
    .select({
      name: practices.name,
      legalName: practices.legalName,
      tin: practices.tin,
      npi: practices.npi,
      addressLine1: practices.addressLine1,
      addressLine2: practices.addressLine2,
      city: practices.city,
      state: practices.state,
      zipcode: practices.zipcode,
      phone: practices.phone,
      timezone: practices.timezone,
      inactivityLockoutMinutes: practiceSettings.inactivityLockoutMinutes,
    })
    .from(practices)
    .leftJoin(practiceSettings, eq(practiceSettings.practiceId, practices.id))
    .where(eq(practices.id, practiceId));
  if (!row) throw notFound('Practice information was not found.');
  return {
    ...row,
    tin: formatTin(row.tin),
    inactivityLockoutMinutes: row.inactivityLockoutMinutes ?? 60,
  };
}

type InfoBody = z.infer<typeof contract.savePracticeInfo.schema.body>;

/** The stored columns, each checked by the domain's rules (400 naming the field). */
function infoValues(body: InfoBody) {
  const text = (value: string | null | undefined) => cleanText(value) ?? null;
  const values = {
    name: requireText(body.name, 'name'),
    legalName: text(body.legalName),
    tin: text(body.tin),
    npi: text(body.npi),
    addressLine1: text(body.addressLine1),
    addressLine2: text(body.addressLine2),
    city: text(body.city),
    state: text(body.state)?.toUpperCase() ?? null,
    zipcode: text(body.zipcode),
    phone: text(body.phone),
    timezone: canonicalTimezone(body.timezone),
  };
  const tin = tinMessage(values.tin);
  if (tin !== true) throw badRequest(tin, 'tin');
  const npi = npiMessage(values.npi);
  if (npi !== true) throw badRequest(npi, 'npi');
  check('phone', values.phone, phone);
  check('state', values.state, stateCode);
  check('zipcode', values.zipcode, zipShort);
  if (values.timezone === null)
    throw badRequest('Choose a US time zone from the list.', 'timezone');
  return {
    ...values,
    timezone: values.timezone,
    tin: values.tin === null ? null : tinDigits(values.tin),
    phone: values.phone === null ? null : values.phone.replace(/\D/g, ''),
    zipcode: values.zipcode === null ? null : values.zipcode.replace(/\D/g, ''),
  };
}

/**
 * Practice information (issue 16 item 8): every staff member reads it (the
 * settings page, statements, claims); managers change it. The TIN and NPI
 * are checked by the domain's rules; the audit row names what changed.
 */
export const practiceInfoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.getPracticeInfo.path,
    { config: { access: 'practiceStaff', audit: 'none' }, schema: contract.getPracticeInfo.schema },
    async (request) => ({ data: await loadInfo(app.db, practiceScope(request)) }),
  );

  app.get(
    contract.defaultContactInformation.path,
    {
      config: { access: 'practice', audit: 'none' },
      schema: contract.defaultContactInformation.schema,
    },
    async (request) => {
      const info = await loadInfo(app.db, practiceScope(request));
      const { name, addressLine1, addressLine2, city, state, zipcode, phone: tel } = info;
      return { data: { name, addressLine1, addressLine2, city, state, zipcode, phone: tel } };
    },
  );

  app.post(
    contract.savePracticeInfo.path,
    {
      config: { access: 'manager', audit: { action: 'practice.info_changed' } },
      schema: contract.savePracticeInfo.schema,
    },
    async (request) => {
      const practiceId = practiceScope(request);
      const values = infoValues(request.body);
      const [before] = await app.db.select().from(practices).where(eq(practices.id, practiceId));
      if (!before) throw notFound('Practice information was not found.');
      const fields = (Object.keys(values) as (keyof typeof values)[]).filter(
        (key) => values[key] !== before[key],
      );
      if (fields.length > 0) {
        await app.db.update(practices).set(values).where(eq(practices.id, practiceId));
      }
      // The names of what changed, never the values.
      noteAudit(request, { detail: { fields } });
      return { data: await loadInfo(app.db, practiceId) };
    },
  );
};
