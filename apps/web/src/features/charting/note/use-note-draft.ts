import { useEffect, useRef, useState } from 'react';

import { saveNoteDraftCall, type Diagnosis, type NoteDetail } from '../api/notes';
import { useAutosave } from '../autosave/use-autosave';
import { compactAnswers, formValuesOf, useTemplateForm } from '../form-renderer';
import { noteDraftKey, shouldOfferRestore, type NoteDraft } from './draft';

/**
 * The note's form and diagnoses as its author edits them: every change is saved a pause
 * later with the version it started from, and kept in this browser until saved. Changes
 * left over from an earlier visit are offered back (`restore`) when they differ.
 */
export function useNoteDraft(note: NoteDetail) {
  const { form, validateForSigning } = useTemplateForm(note.template, note.content);
  const [diagnoses, setDiagnosesState] = useState<Diagnosis[]>(note.diagnoses);
  const diagnosesRef = useRef(diagnoses);
  const base = useRef(note.updatedAt);

  const autosave = useAutosave<NoteDraft>(noteDraftKey(note.noteId), async (draft) => {
    base.current = await saveNoteDraftCall(note.noteId, {
      content: draft.content,
      diagnosisCodes: draft.diagnoses.map((d) => d.code),
      updatedAt: base.current,
    });
  });
  const { change, leftOver, discardLeftOver } = autosave;
  const offerRestore = leftOver !== null && shouldOfferRestore(note, leftOver.value);
  const { template } = note;

  useEffect(() => {
    const subscription = form.watch(() => {
      change({
        content: compactAnswers(template, form.getValues()),
        diagnoses: diagnosesRef.current,
      });
    });
    return () => {
      subscription.unsubscribe();
    };
  }, [form, change, template]);

  useEffect(() => {
    // A local copy that says what the server says is nothing to restore.
    if (leftOver !== null && !offerRestore) discardLeftOver();
  }, [leftOver, offerRestore, discardLeftOver]);

  const setDiagnoses = (next: Diagnosis[]) => {
    diagnosesRef.current = next;
    setDiagnosesState(next);
    change({ content: compactAnswers(template, form.getValues()), diagnoses: next });
  };

  const restore = () => {
    if (!leftOver) return;
    const draft = leftOver.value;
    form.reset(formValuesOf(template, draft.content));
    discardLeftOver(false);
    setDiagnoses(draft.diagnoses);
  };

  return {
    form,
    validateForSigning,
    diagnoses,
    setDiagnoses,
    autosave,
    leftOver: offerRestore ? leftOver : null,
    restore,
    discard: () => {
      discardLeftOver();
    },
  };
}
