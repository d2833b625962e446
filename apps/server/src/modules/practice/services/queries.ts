import { payerLabel } from '@openpractice/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/client.ts';
import {
  practiceInsurances,
  productPayerFees,
  products,
  therapistProducts,
  therapists,
} from '../../../db/schema/index.ts';

export type ManagedService = {
  productId: number;
  cptCode: string;
  description: string;
  durationMinutes: number;
  feeCents: number;
  isTelehealth: boolean;
  isGroup: boolean;
  isDefault: boolean;
  active: boolean;
};

const serviceColumns = {
  productId: products.id,
  cptCode: products.cptCode,
  description: products.description,
  durationMinutes: products.durationMinutes,
  feeCents: products.feeCents,
  isTelehealth: products.isTelehealth,
  isGroup: products.isGroup,
  isDefault: products.isDefault,
  active: products.active,
};

/** The practice's services by CPT code (inactive ones only when asked). */
export function practiceServices(
  db: Db,
  practiceId: number,
  includeInactive: boolean,
): Promise<ManagedService[]> {
  return db
    .select(serviceColumns)
    .from(products)
    .where(
      and(
        eq(products.practiceId, practiceId),
        includeInactive ? undefined : eq(products.active, true),
      ),
    )
    .orderBy(asc(products.cptCode), asc(products.id));
}

export async function serviceOf(
  db: Db,
  practiceId: number,
  productId: number,
): Promise<ManagedService | undefined> {
  const [row] = await db
    .select(serviceColumns)
    .from(products)
    .where(and(eq(products.id, productId), eq(products.practiceId, practiceId)));
  return row;
}

/** Another active service of the practice with the code, if any. */
export async function activeWithCode(
  db: Db,
  input: { practiceId: number; cptCode: string; exceptId: number | null },
): Promise<boolean> {
  const [row] = await rowsOf<{ taken: boolean }>(
    db,
    sql`select exists (select 1 from products where practice_id = ${input.practiceId} and active
          and cpt_code = ${input.cptCode}
          and (${input.exceptId}::int is null or id <> ${input.exceptId}::int)) as taken`,
  );
  return row?.taken ?? false;
}

/** The practice's payers (ended ones too: fees may still be billed) and their scheduled fees. */
export async function feeSchedules(db: Db, practiceId: number, today: string) {
  const payers = await db
    .select({
      practice_insurance_id: practiceInsurances.id,
      label: practiceInsurances.label,
      payerId: practiceInsurances.payerId,
      endDate: practiceInsurances.endDate,
    })
    .from(practiceInsurances)
    .where(eq(practiceInsurances.practiceId, practiceId))
    .orderBy(asc(practiceInsurances.label), asc(practiceInsurances.id));
  const fees = await db
    .select({
      practice_insurance_id: productPayerFees.practiceInsuranceId,
      productId: productPayerFees.productId,
      feeCents: productPayerFees.feeCents,
    })
    .from(productPayerFees)
    .where(eq(productPayerFees.practiceId, practiceId))
    .orderBy(asc(productPayerFees.practiceInsuranceId), asc(productPayerFees.productId));
  return {
    payers: payers.map((p) => ({
      practice_insurance_id: p.practice_insurance_id,
      label: payerLabel(p),
      active: p.endDate === null || p.endDate > today,
    })),
    fees,
  };
}

/** Whether every id is a service of the practice (active ones only, when asked). */
export async function allServicesOf(
  db: Db,
  practiceId: number,
  ids: readonly number[],
  activeOnly: boolean,
): Promise<boolean> {
  if (ids.length === 0) return true;
  const found = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.practiceId, practiceId),
        inArray(products.id, [...ids]),
        activeOnly ? eq(products.active, true) : undefined,
      ),
    );
  return found.length === new Set(ids).size;
}

/** The practice's active therapists and the services each offers ([] when not set). */
export async function offerings(db: Db, practiceId: number) {
  return rowsOf<{ therapistId: number; name: string; productIds: number[] }>(
    db,
    sql`select t.id as "therapistId", t.first_name || ' ' || t.last_name as name,
          array(select tp.product_id from ${therapistProducts} tp
                where tp.therapist_id = t.id order by tp.product_id) as "productIds"
        from ${therapists} t
        where t.practice_id = ${practiceId} and t.active
        order by t.last_name, t.first_name, t.id`,
  );
}

/** Sets a payer's fees (null: back to the default fee); answers how many were cleared. */
export async function writeFees(
  db: Db,
  input: {
    practiceId: number;
    payerId: number;
    fees: { productId: number; feeCents: number | null }[];
    now: Date;
  },
): Promise<number> {
  const cleared = input.fees.filter((f) => f.feeCents === null).map((f) => f.productId);
  if (cleared.length > 0)
    await db
      .delete(productPayerFees)
      .where(
        and(
          eq(productPayerFees.practiceInsuranceId, input.payerId),
          inArray(productPayerFees.productId, cleared),
        ),
      );
  for (const fee of input.fees) {
    if (fee.feeCents === null) continue;
    await db
      .insert(productPayerFees)
      .values({
        practiceId: input.practiceId,
        productId: fee.productId,
        practiceInsuranceId: input.payerId,
        feeCents: fee.feeCents,
      })
      .onConflictDoUpdate({
        target: [productPayerFees.practiceInsuranceId, productPayerFees.productId],
        set: { feeCents: fee.feeCents, updatedAt: input.now },
      });
  }
  return cleared.length;
}
