import type { FormAnswers } from '@openpractice/domain';

/**
 * Answers not yet saved, kept in this tab's sessionStorage so a network error or a closed
 * page loses nothing: the form page offers them back. sessionStorage (not localStorage) so
 * that nothing a client typed outlives the tab on a shared computer.
 */
type Kept = { answers: FormAnswers; at: string };

const keyOf = (scope: 'portal' | 'staff', assignmentId: number) =>
  `openpractice.form-answers.${scope}.${String(assignmentId)}`;

export function keepUnsaved(scope: 'portal' | 'staff', id: number, answers: FormAnswers) {
  try {
    sessionStorage.setItem(
      keyOf(scope, id),
      JSON.stringify({ answers, at: new Date().toISOString() } satisfies Kept),
    );
  } catch {
    // Storage full or refused (private mode): saving to the server still works.
  }
}

export function readUnsaved(scope: 'portal' | 'staff', id: number): Kept | null {
  try {
    const raw = sessionStorage.getItem(keyOf(scope, id));
    if (raw === null) return null;
    const kept = JSON.parse(raw) as Partial<Kept>;
    return kept.answers && typeof kept.at === 'string'
      ? { answers: kept.answers, at: kept.at }
      : null;
  } catch {
    return null;
  }
}

export function forgetUnsaved(scope: 'portal' | 'staff', id: number) {
  try {
    sessionStorage.removeItem(keyOf(scope, id));
  } catch {
    // Nothing kept.
  }
}

/** Whether kept answers differ from the saved ones (else there is nothing to offer). */
export function differs(a: FormAnswers, b: FormAnswers): boolean {
  const sorted = (x: FormAnswers) =>
    JSON.stringify(Object.entries(x).sort(([k], [l]) => k.localeCompare(l)));
  return sorted(a) !== sorted(b);
}
