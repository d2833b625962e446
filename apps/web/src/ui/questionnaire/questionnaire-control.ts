import type { QuestionnaireValues } from './values';

/**
 * The state of a questionnaire being filled in: its values, the message of each item that has
 * a problem, and the element to focus for each item. A small store of our own rather than
 * react-hook-form, which added 13 KiB gzip to the client's portal form page (budget 250 KiB,
 * issue 18): the form is one flat map of texts, checked by one function (schema.ts).
 *
 * It keeps react-hook-form's behaviour in `onChange` mode: a change checks only the item
 * changed (and clears a problem set on it before), a check for submitting replaces every
 * problem, and the first item in the form with a problem takes the focus.
 */

export type QuestionnaireState = {
  values: QuestionnaireValues;
  /** Item key → the message shown on it. */
  errors: Readonly<Record<string, string>>;
};

/** 'change' is the person's own change of an answer; 'other' a reset or new problems. */
export type ChangeKind = 'change' | 'other';

export type QuestionnaireControl = {
  /** A new check, for a questionnaire that changed (the builder's preview). */
  setCheck: (check: Check) => void;
  /** The current state; a new object after every change (for useSyncExternalStore). */
  state: () => QuestionnaireState;
  subscribe: (listener: (kind: ChangeKind) => void) => () => void;
  /** The person changed an item's answer: kept, and that item checked again. */
  change: (key: string, value: string | string[]) => void;
  /** Replaces every problem (a check for submitting). */
  setErrors: (errors: Readonly<Record<string, string>>) => void;
  /** Puts one problem on an item (a server refusal) and keeps the others. */
  setError: (key: string, message: string) => void;
  /** New values; every problem cleared. */
  reset: (values: QuestionnaireValues) => void;
  /** The ref of an item's first input, so a problem can take the focus there. */
  focusRef: (key: string) => (element: HTMLElement | null) => void;
  /** Focuses the item's input; false when it is not on the page. */
  focus: (key: string) => boolean;
};

type Check = (values: QuestionnaireValues) => Map<string, string>;

/** `check` gives the problems of values as they are typed (not yet requiring answers). */
export function createQuestionnaireControl(
  initial: QuestionnaireValues,
  initialCheck: Check,
): QuestionnaireControl {
  let check = initialCheck;
  let current: QuestionnaireState = { values: initial, errors: {} };
  const listeners = new Set<(kind: ChangeKind) => void>();
  const elements = new Map<string, HTMLElement>();
  const refs = new Map<string, (element: HTMLElement | null) => void>();

  const publish = (next: QuestionnaireState, kind: ChangeKind) => {
    current = next;
    listeners.forEach((listener) => {
      listener(kind);
    });
  };
  const withError = (key: string, message: string | undefined) => {
    const others = Object.fromEntries(Object.entries(current.errors).filter(([k]) => k !== key));
    return message === undefined ? others : { ...others, [key]: message };
  };

  return {
    setCheck: (next) => {
      check = next;
    },
    state: () => current,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    change: (key, value) => {
      const values = { ...current.values, [key]: value };
      publish({ values, errors: withError(key, check(values).get(key)) }, 'change');
    },
    setErrors: (errors) => {
      publish({ ...current, errors }, 'other');
    },
    setError: (key, message) => {
      publish({ ...current, errors: withError(key, message) }, 'other');
    },
    reset: (values) => {
      publish({ values, errors: {} }, 'other');
    },
    focusRef: (key) => {
      let ref = refs.get(key);
      if (!ref) {
        // A removed input stays until replaced; `focus` skips it (no longer connected).
        ref = (element) => {
          if (element) elements.set(key, element);
        };
        refs.set(key, ref);
      }
      return ref;
    },
    focus: (key) => {
      const element = elements.get(key);
      if (!element?.isConnected) return false;
      element.focus();
      return true;
    },
  };
}
