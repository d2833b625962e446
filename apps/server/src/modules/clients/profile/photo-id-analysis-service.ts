import {
  chosenPhotoIdChanges,
  photoIdProposedChanges,
  type PhotoIdAnalysis,
  type PhotoIdPart,
  type PhotoIdProfileValues,
  type PhotoIdProposedChanges,
} from '@openpractice/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { clientAddresses, clients, type StoredPhotoIdAnalysis } from '../../../db/schema/index.ts';
import { conflict, notFound } from '../../../platform/errors.ts';
import type { IdAnalyzer } from '../../../platform/id-analysis.ts';
import type { StorageAdapter } from '../../../platform/storage.ts';
import type { ClientGate } from '../../../platform/client-gate.ts';
import { practiceDay } from '../../../platform/practice-day.ts';

/**
 * Reading a client's photo ID and applying what was read (spec-2 §4). The
 * analysis is kept on the client with the key of the photo it read, so the
 * apply step writes what the person saw — not a second, possibly different,
 * reading — and a replaced or deleted photo leaves nothing to apply.
 */

export const NO_PHOTO_ID = 'This client has no photo ID. Upload one first.';
export const ANALYSE_FIRST =
  'Read the details from the current photo ID first (the photo has changed or was never read).';

type PhotoIdState = {
  photoIdKey: string | null;
  photoIdAnalysis: StoredPhotoIdAnalysis | null;
  values: PhotoIdProfileValues;
  defaultAddressId: number | null;
};

/** The client's name, date of birth and default address, with the photo and its last reading. */
async function loadState(db: Db, clientId: number): Promise<PhotoIdState> {
  const [row] = await db
    .select({
      firstName: clients.firstName,
      middleName: clients.middleName,
      lastName: clients.lastName,
      dob: clients.dob,
      photoIdKey: clients.photoIdKey,
      photoIdAnalysis: clients.photoIdAnalysis,
    })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!row) throw notFound(NO_PHOTO_ID);
  const [address] = await db
    .select({
      id: clientAddresses.id,
      addressLine1: clientAddresses.addressLine1,
      addressLine2: clientAddresses.addressLine2,
      city: clientAddresses.city,
      state: clientAddresses.state,
      zipcode: clientAddresses.zipcode,
    })
    .from(clientAddresses)
    .where(and(eq(clientAddresses.clientId, clientId), eq(clientAddresses.isDefault, true)))
    .orderBy(asc(clientAddresses.id))
    .limit(1);
  const { id: addressId, ...addressValues } = address ?? { id: null };
  return {
    photoIdKey: row.photoIdKey,
    photoIdAnalysis: row.photoIdAnalysis,
    values: {
      firstName: row.firstName,
      middleName: row.middleName,
      lastName: row.lastName,
      dob: row.dob,
      address: address ? (addressValues as NonNullable<PhotoIdProfileValues['address']>) : null,
    },
    defaultAddressId: addressId,
  };
}

/** Runs the analysis service on the client's stored photo ID and keeps the answer. */
export async function analyzeClientPhotoId(
  ctx: { db: Db; storage: StorageAdapter; analyzer: IdAnalyzer; now: Date },
  gate: ClientGate,
): Promise<{ analysis: PhotoIdAnalysis; proposedChanges: PhotoIdProposedChanges }> {
  const state = await loadState(ctx.db, gate.clientId);
  if (!state.photoIdKey) throw notFound(NO_PHOTO_ID);
  const png = await ctx.storage.get(state.photoIdKey);
  if (!png) throw notFound(NO_PHOTO_ID);
  const { today } = await practiceDay(ctx.db, gate.practiceId, ctx.now);
  const analysis = await ctx.analyzer.analyze(png, today);
  const stored: StoredPhotoIdAnalysis = {
    key: state.photoIdKey,
    analysedAt: ctx.now.toISOString(),
    values: analysis,
  };
  // Only for the photo that was read: a photo replaced meanwhile keeps no stale reading.
  await ctx.db
    .update(clients)
    .set({ photoIdAnalysis: stored })
    .where(and(eq(clients.id, gate.clientId), eq(clients.photoIdKey, state.photoIdKey)));
  return { analysis, proposedChanges: photoIdProposedChanges(state.values, analysis) };
}

export type ApplyResult =
  { status: 'unchanged' } | { status: 'saved'; applied: PhotoIdPart[]; fields: string[] };

/**
 * Writes the chosen parts of the kept reading, exactly as the domain rule
 * proposes them against the profile as it is now: name and date of birth on
 * the client, the address on the default address (a new default and mailing
 * address when the client has none). Parts that would change nothing are
 * skipped; when nothing is left the answer is 'unchanged'.
 */
export async function applyClientPhotoIdAnalysis(
  ctx: { db: Db; now: Date },
  gate: ClientGate,
  parts: readonly PhotoIdPart[],
): Promise<ApplyResult> {
  const state = await loadState(ctx.db, gate.clientId);
  if (!state.photoIdKey) throw notFound(NO_PHOTO_ID);
  const reading = state.photoIdAnalysis;
  if (!reading || reading.key !== state.photoIdKey) throw conflict(ANALYSE_FIRST);
  const changes = chosenPhotoIdChanges(photoIdProposedChanges(state.values, reading.values), parts);
  // In the rule's order: name, dob, address.
  const applied = Object.keys(changes) as PhotoIdPart[];
  if (applied.length === 0) return { status: 'unchanged' };

  const fields: string[] = [];
  await ctx.db.transaction(async (tx) => {
    const update: Partial<typeof clients.$inferInsert> = {};
    if (changes.name) {
      Object.assign(update, changes.name.proposed);
      fields.push('firstName', 'middleName', 'lastName');
    }
    if (changes.dob) {
      update.dob = changes.dob.proposed;
      fields.push('dob');
    }
    if (Object.keys(update).length > 0) {
      await tx
        .update(clients)
        .set({ ...update, updatedAt: ctx.now })
        .where(eq(clients.id, gate.clientId));
    }
    if (changes.address) {
      const address = changes.address.proposed;
      fields.push('addressLine1', 'addressLine2', 'city', 'state', 'zipcode');
      if (state.defaultAddressId !== null) {
        await tx
          .update(clientAddresses)
          .set(address)
          .where(eq(clientAddresses.id, state.defaultAddressId));
      } else {
        // No default means no address at all: the first is the default and the mailing address.
        await tx
          .insert(clientAddresses)
          .values({ clientId: gate.clientId, ...address, isDefault: true, isMailing: true });
      }
    }
  });
  return { status: 'saved', applied, fields };
}
