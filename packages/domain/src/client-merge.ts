/**
 * Merging a duplicate client into the record to keep (spec-2 §2 /client/merge/{id}).
 * The duplicate (source) gives up everything it holds to the kept record
 * (target) and is then marked Deleted and merged.
 */

/** What must be typed to confirm a merge, on the page and in the request. */
export const MERGE_CONFIRM_PHRASE = 'MERGE';
export const MERGE_CONFIRM_MESSAGE = `Type ${MERGE_CONFIRM_PHRASE} to confirm.`;

/** The record status a merged duplicate takes (spec-2 §3 record statuses: 3 is Deleted). */
export const DELETED_RECORD_STATUS_ID = 3;

export interface MergeCandidate {
  id: number;
  isGroup: boolean;
  mergedIntoId: number | null;
  recordStatusId: number;
}

export type MergeProblem = { status: 400 | 409; field: 'sourceId' | 'targetId'; message: string };

/**
 * Why two records cannot be merged, or null when they can: a record is not
 * merged into itself, groups are not merged, a duplicate is merged once, and
 * the record to keep must be a live one.
 */
export function mergeProblem(source: MergeCandidate, target: MergeCandidate): MergeProblem | null {
  if (source.id === target.id)
    return { status: 400, field: 'targetId', message: 'Choose a different client to keep.' };
  if (source.isGroup || target.isGroup)
    return {
      status: 400,
      field: source.isGroup ? 'sourceId' : 'targetId',
      message: 'Groups cannot be merged.',
    };
  if (source.mergedIntoId !== null)
    return { status: 409, field: 'sourceId', message: 'This client has already been merged.' };
  if (target.mergedIntoId !== null || target.recordStatusId === DELETED_RECORD_STATUS_ID)
    return {
      status: 409,
      field: 'targetId',
      message: 'The client to keep has been merged or deleted. Choose another.',
    };
  return null;
}
