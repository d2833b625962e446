import { flattenItems, isAnswerable, type Questionnaire } from '@openpractice/domain';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';

import { formRoutes } from '../../../config/paths/form-links';
import { ApiError, errorMessage } from '../../../lib/api-errors';
import { useNotify } from '../../../ui/snackbar/use-notify';
import { useCreateDefinition, usePublish, useSaveDraft, type DefinitionDetail } from '../api';
import type { ItemActions } from './item-editor';
import { appendAt, freshLinkId, moveAt, newItem, pathOfField, removeAt, updateAt } from './tree';

const EMPTY: Questionnaire = { resourceType: 'Questionnaire', title: '', item: [] };

/** A server refusal: its message, and the item it names (`0.2`) when it names one. */
export type BuilderProblem = { message: string; path: string | null };

/**
 * The builder's state: the draft being edited, its item actions, and saving and publishing
 * (a new form is created by its first save). A refusal naming an item is kept with its path
 * so the item editor shows it on that item.
 */
export function useBuilderState(detail: DefinitionDetail | null) {
  const navigate = useNavigate();
  const notify = useNotify();
  const [draft, setDraft] = useState<Questionnaire>(detail?.draft ?? detail?.published ?? EMPTY);
  const [problem, setProblem] = useState<BuilderProblem | null>(null);
  const create = useCreateDefinition();
  const save = useSaveDraft(detail?.id ?? 0);
  const publish = usePublish(detail?.id ?? 0);
  const questions = useMemo(
    () =>
      flattenItems(draft.item)
        .map((e) => e.item)
        .filter(isAnswerable),
    [draft],
  );
  const problems = useMemo(
    () => new Map(problem?.path ? [[problem.path, problem.message]] : []),
    [problem],
  );
  const setItems = (items: Questionnaire['item']) => {
    setDraft((d) => ({ ...d, item: items }));
  };
  const actions: ItemActions = {
    change: (path, item) => {
      setItems(updateAt(draft.item, path, () => item));
    },
    remove: (path) => {
      setItems(removeAt(draft.item, path));
    },
    move: (path, by) => {
      setItems(moveAt(draft.item, path, by));
    },
    addChild: (path) => {
      setItems(appendAt(draft.item, path, newItem('string', freshLinkId(draft.item))));
    },
  };
  const refused = (error: unknown) => {
    const path = error instanceof ApiError ? pathOfField(error.field) : null;
    setProblem({ message: errorMessage(error), path: path ? path.join('.') : null });
  };
  const saveDraft = async (announce: boolean): Promise<boolean> => {
    setProblem(null);
    try {
      if (!detail) {
        const made = await create.mutateAsync({ questionnaire: draft, autoAssign: false });
        void navigate(formRoutes.definition(made.data.id), { replace: true });
      } else {
        await save.mutateAsync(draft);
      }
      if (announce) notify.success('Draft saved.');
      return true;
    } catch (error) {
      refused(error);
      return false;
    }
  };
  const publishDraft = async () => {
    if (!(await saveDraft(false))) return;
    try {
      const result = await publish.mutateAsync();
      notify.success(`Published as version ${String(result.data.currentVersion ?? '')}.`);
    } catch (error) {
      refused(error);
    }
  };
  return {
    draft,
    setDraft,
    problem,
    problems,
    questions,
    actions,
    saveDraft,
    publishDraft,
    locked: detail?.locked ?? false,
    /** Publishing needs the form to exist (saved once). */
    saved: detail !== null,
    busy: create.isPending || save.isPending || publish.isPending,
  };
}

export type BuilderState = ReturnType<typeof useBuilderState>;
