import type * as contract from '@openpractice/contracts/practice/services';
import { isServiceCode, SERVICE_MESSAGES } from '@openpractice/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { products } from '../../../db/schema/index.ts';
import { AppError, badRequest, notFound, sqlStateOf } from '../../../platform/errors.ts';
import { activeWithCode, serviceOf, type ManagedService } from './queries.ts';

/** The rules of the services page (issue 16 item 3), shared by its routes and the demo seed. */

export type ServiceInput = z.output<typeof contract.saveService.schema.body>;

export const cptTaken = (code: string) =>
  new AppError(409, SERVICE_MESSAGES.cptTaken(code), 'cptCode');

function checkedFields(body: ServiceInput) {
  const cptCode = body.cptCode.trim().toUpperCase();
  if (!isServiceCode(cptCode)) throw badRequest(SERVICE_MESSAGES.cptFormat, 'cptCode');
  const description = body.description.trim();
  if (description === '') throw badRequest('Enter a description of the service.', 'description');
  return {
    cptCode,
    description,
    durationMinutes: body.durationMinutes,
    feeCents: body.feeCents,
    isTelehealth: body.isTelehealth,
    isGroup: body.isGroup,
    isDefault: body.isDefault,
  };
}

/** Writes the service; the unique index decides between two saves of one code at once. */
async function storeService(
  db: Db,
  practiceId: number,
  editing: number | null,
  fields: ReturnType<typeof checkedFields>,
): Promise<number> {
  try {
    if (editing === null) {
      const [row] = await db
        .insert(products)
        .values({ ...fields, practiceId })
        .returning({ id: products.id });
      if (!row) throw new Error('service insert failed');
      return row.id;
    }
    await db
      .update(products)
      .set(fields)
      .where(and(eq(products.id, editing), eq(products.practiceId, practiceId)));
    return editing;
  } catch (error) {
    if (sqlStateOf(error) === '23505') throw cptTaken(fields.cptCode);
    throw error;
  }
}

/** One of the practice's services, or 404. */
export async function requireService(
  db: Db,
  practiceId: number,
  productId: number,
): Promise<ManagedService> {
  const found = await serviceOf(db, practiceId, productId);
  if (!found) throw notFound(SERVICE_MESSAGES.notFound);
  return found;
}

/** One default service per kind (individual or group): marking one unmarks the others. */
function unmarkOthers(db: Db, practiceId: number, keepId: number, isGroup: boolean) {
  return db
    .update(products)
    .set({ isDefault: false })
    .where(
      and(
        eq(products.practiceId, practiceId),
        ne(products.id, keepId),
        eq(products.isGroup, isGroup),
        eq(products.isDefault, true),
      ),
    );
}

/**
 * Adds a service (no `productId`) or changes one of the practice's, after the
 * page's checks: the code's form, a description, no other active service with
 * the code. Answers its id, the service before (null when added) and the
 * fields stored.
 */
export async function saveService(db: Db, practiceId: number, body: ServiceInput) {
  const fields = checkedFields(body);
  const editing = body.productId ?? null;
  const before = editing === null ? null : await requireService(db, practiceId, editing);
  const checksCode = before === null || before.active;
  if (
    checksCode &&
    (await activeWithCode(db, { practiceId, cptCode: fields.cptCode, exceptId: editing }))
  )
    throw cptTaken(fields.cptCode);
  const id = await storeService(db, practiceId, editing, fields);
  if (fields.isDefault) await unmarkOthers(db, practiceId, id, fields.isGroup);
  return { id, before, fields };
}
