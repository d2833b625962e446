import type * as contract from '@openpractice/contracts/insurance/authorizations';
import { confirmationProblems, preAuthProblems } from '@openpractice/domain';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { insuranceConfirmations, insurancePreAuths } from '../../db/schema/index.ts';
import { notFound } from '../../platform/errors.ts';
import {
  ANY_DATE_BOUNDS,
  changedFields,
  cleanText,
  isoDateField,
} from '../../platform/validation.ts';
import { refuseProblems } from './problems.ts';

type SavePreAuthBody = z.infer<typeof contract.savePreAuth.schema.body>;
type SaveConfirmationBody = z.infer<typeof contract.saveConfirmation.schema.body>;

/**
 * Pre-authorizations and benefits confirmations of one policy: insert when
 * no id is given, else update (skipped when nothing changed); delete. The
 * caller has checked that the policy is the client's.
 */

export const PRE_AUTH_NOT_FOUND = 'We could not find that pre-authorization.';
export const CONFIRMATION_NOT_FOUND = 'We could not find that benefits confirmation.';

export type SaveResult =
  { status: 'unchanged' } | { status: 'saved'; id: number; isNew: boolean; fields: string[] };

const date = (value: string | null | undefined, field: string) =>
  isoDateField(value ?? null, field, ...ANY_DATE_BOUNDS) ?? null;

function preAuthValues(body: SavePreAuthBody) {
  const codes = [...new Set((body.cptCodes ?? []).map((c) => c.trim().toUpperCase()))];
  const values = {
    authNumber: cleanText(body.authNumber) ?? null,
    authDate: date(body.authDate, 'authDate'),
    startDate: date(body.startDate, 'startDate'),
    endDate: date(body.endDate, 'endDate'),
    visitsAuthorized: body.visitsAuthorized ?? null,
    cptCodes: codes,
    notes: cleanText(body.notes ?? null) ?? null,
  };
  refuseProblems(preAuthProblems(values));
  // Checked above: the number and the date are present.
  return {
    ...values,
    authNumber: values.authNumber ?? '',
    authDate: values.authDate ?? '',
    cptCodes: codes.length > 0 ? codes.join(',') : null,
  };
}

export async function savePreAuth(
  db: Db,
  insuranceId: number,
  body: SavePreAuthBody,
): Promise<SaveResult> {
  const values = preAuthValues(body);
  if (body.preAuthId === undefined) {
    const [row] = await db
      .insert(insurancePreAuths)
      .values({ ...values, clientInsuranceId: insuranceId })
      .returning({ id: insurancePreAuths.id });
    if (!row) throw new Error('Pre-authorization insert returned nothing');
    return { status: 'saved', id: row.id, isNew: true, fields: Object.keys(values) };
  }
  const where = and(
    eq(insurancePreAuths.id, body.preAuthId),
    eq(insurancePreAuths.clientInsuranceId, insuranceId),
  );
  const [existing] = await db.select().from(insurancePreAuths).where(where);
  if (!existing) throw notFound(PRE_AUTH_NOT_FOUND);
  const fields = changedFields(existing, values);
  if (fields.length === 0) return { status: 'unchanged' };
  await db.update(insurancePreAuths).set(values).where(where);
  return { status: 'saved', id: existing.id, isNew: false, fields };
}

export async function deletePreAuth(db: Db, insuranceId: number, preAuthId: number) {
  const [row] = await db
    .delete(insurancePreAuths)
    .where(
      and(
        eq(insurancePreAuths.id, preAuthId),
        eq(insurancePreAuths.clientInsuranceId, insuranceId),
      ),
    )
    .returning({ id: insurancePreAuths.id });
  if (!row) throw notFound(PRE_AUTH_NOT_FOUND);
}

function confirmationValues(body: SaveConfirmationBody) {
  const values = {
    authDate: date(body.authDate, 'authDate'),
    referenceNumber: cleanText(body.referenceNumber ?? null) ?? null,
    representative: cleanText(body.representative ?? null) ?? null,
    copayCents: body.copayCents ?? null,
    coinsurancePercent: body.coinsurancePercent ?? null,
    deductibleCents: body.deductibleCents ?? null,
    deductibleRemainingCents: body.deductibleRemainingCents ?? null,
    visitsPerYear: body.visitsPerYear ?? null,
    notes: cleanText(body.notes ?? null) ?? null,
  };
  refuseProblems(confirmationProblems(values));
  return { ...values, authDate: values.authDate ?? '' };
}

export async function saveConfirmation(
  db: Db,
  insuranceId: number,
  body: SaveConfirmationBody,
): Promise<SaveResult> {
  const values = confirmationValues(body);
  if (body.confirmationId === undefined) {
    const [row] = await db
      .insert(insuranceConfirmations)
      .values({ ...values, clientInsuranceId: insuranceId })
      .returning({ id: insuranceConfirmations.id });
    if (!row) throw new Error('Confirmation insert returned nothing');
    return { status: 'saved', id: row.id, isNew: true, fields: Object.keys(values) };
  }
  const where = and(
    eq(insuranceConfirmations.id, body.confirmationId),
    eq(insuranceConfirmations.clientInsuranceId, insuranceId),
  );
  const [existing] = await db.select().from(insuranceConfirmations).where(where);
  if (!existing) throw notFound(CONFIRMATION_NOT_FOUND);
  const fields = changedFields(existing, values);
  if (fields.length === 0) return { status: 'unchanged' };
  await db.update(insuranceConfirmations).set(values).where(where);
  return { status: 'saved', id: existing.id, isNew: false, fields };
}

export async function deleteConfirmation(db: Db, insuranceId: number, confirmationId: number) {
  const [row] = await db
    .delete(insuranceConfirmations)
    .where(
      and(
        eq(insuranceConfirmations.id, confirmationId),
        eq(insuranceConfirmations.clientInsuranceId, insuranceId),
      ),
    )
    .returning({ id: insuranceConfirmations.id });
  if (!row) throw notFound(CONFIRMATION_NOT_FOUND);
}
