/**
 * The rules of the "services each therapist offers" section, kept pure so they are tested
 * without a page. The server keeps a therapist's services as a list where [] means every
 * active service (docs/decisions.md, Offerings); the page shows that as its own choice,
 * "Every service", so a manager can never save "none" by unticking every box by mistake.
 */

/** What the page shows for one therapist: every service, or just the ticked ones. */
export interface OfferingDraft {
  every: boolean;
  /** The ticked services, ascending; only read when `every` is false. */
  productIds: number[];
}

export const OFFERINGS_SAVED_MESSAGE = 'Services offered saved.';

const ascending = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);

/**
 * The draft for what the server holds. Services since deactivated are left out: they can
 * no longer be booked, and the server refuses to save them again.
 */
export function draftOf(stored: readonly number[], activeIds: readonly number[]): OfferingDraft {
  if (stored.length === 0) return { every: true, productIds: [] };
  const active = new Set(activeIds);
  return { every: false, productIds: ascending(stored.filter((id) => active.has(id))) };
}

/** Ticks or unticks one service. */
export function toggleService(draft: OfferingDraft, productId: number, on: boolean): OfferingDraft {
  const rest = draft.productIds.filter((id) => id !== productId);
  return { every: false, productIds: on ? ascending([...rest, productId]) : rest };
}

/**
 * Switches between every service and a chosen few. Leaving "every service" starts with all
 * of them ticked, since that is what the therapist offers until now: the manager then unticks
 * what they do not offer.
 */
export function chooseEvery(
  draft: OfferingDraft,
  every: boolean,
  activeIds: readonly number[],
): OfferingDraft {
  if (every) return { every: true, productIds: [] };
  return { every: false, productIds: draft.every ? ascending(activeIds) : draft.productIds };
}

export function sameDraft(a: OfferingDraft, b: OfferingDraft): boolean {
  if (a.every || b.every) return a.every === b.every;
  return a.productIds.join(',') === b.productIds.join(',');
}

/** The body's productIds for a draft: [] is the server's word for every service. */
export const productIdsToSave = (draft: OfferingDraft): number[] =>
  draft.every ? [] : draft.productIds;

/** Why the draft cannot be saved, or null. */
export function draftProblem(name: string, draft: OfferingDraft): string | null {
  if (!draft.every && draft.productIds.length === 0)
    return `Choose at least one service for ${name}, or Every service.`;
  return null;
}
