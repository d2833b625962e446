import type { Diagnosis } from '../api/notes';

/** Adds a diagnosis at the end unless the list is full or holds it already. */
export function addDiagnosis(list: readonly Diagnosis[], diagnosis: Diagnosis, max: number) {
  if (list.length >= max || list.some((d) => d.code === diagnosis.code)) return [...list];
  return [...list, diagnosis];
}

/** Moves the item at `index` by `delta` places (-1 up, +1 down); out of range leaves it. */
export function moveDiagnosis(list: readonly Diagnosis[], index: number, delta: -1 | 1) {
  const target = index + delta;
  const moved = list[index];
  if (moved === undefined || target < 0 || target >= list.length) return [...list];
  const next = list.filter((_, i) => i !== index);
  next.splice(target, 0, moved);
  return next;
}

export function removeDiagnosis(list: readonly Diagnosis[], index: number) {
  return list.filter((_, i) => i !== index);
}
