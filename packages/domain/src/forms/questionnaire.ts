/**
 * Practice forms as data (issue 18 item 1), shaped like a FHIR R4 Questionnaire so a form can
 * be exchanged with other systems without a translation table: `item` with `linkId`, `type`,
 * `required`, `repeats`, `answerOption`, `enableWhen` and `enableBehavior`, nested groups.
 * Two departures, both written down in docs/decisions.md: a choice's score sits on its
 * answer option (`score`, FHIR's itemWeight extension), and `signatureRequired` says the
 * form ends with a typed-name signature (a consent or a release).
 *
 * Answers are kept as a map from linkId to a value (or a list of values when the item
 * repeats): a choice answers with its option's code, a date with 'YYYY-MM-DD'.
 */

export const QUESTIONNAIRE_ITEM_TYPES = [
  'group',
  'display',
  'string',
  'text',
  'boolean',
  'choice',
  'integer',
  'decimal',
  'date',
] as const;
export type QuestionnaireItemType = (typeof QUESTIONNAIRE_ITEM_TYPES)[number];

export const ENABLE_WHEN_OPERATORS = ['exists', '=', '!=', '>', '<', '>=', '<='] as const;
export type EnableWhenOperator = (typeof ENABLE_WHEN_OPERATORS)[number];

export type Coding = { system?: string; code: string; display: string };

export type AnswerOption = { valueCoding: Coding; score?: number };

/** One condition: compare the answer of `question` with exactly one `answer*` value. */
export type EnableWhen = {
  question: string;
  operator: EnableWhenOperator;
  answerBoolean?: boolean;
  answerString?: string;
  answerInteger?: number;
  answerDecimal?: number;
  answerDate?: string;
  answerCoding?: { code: string };
};

export type QuestionnaireItem = {
  linkId: string;
  text?: string;
  type: QuestionnaireItemType;
  required?: boolean;
  repeats?: boolean;
  /** Longest answer of a string or text item; the limits below apply when absent. */
  maxLength?: number;
  answerOption?: AnswerOption[];
  enableWhen?: EnableWhen[];
  enableBehavior?: 'all' | 'any';
  /** Children of a group. */
  item?: QuestionnaireItem[];
};

export type Questionnaire = {
  resourceType: 'Questionnaire';
  title: string;
  description?: string;
  /** LOINC panel code of a standard measure (PHQ-9 44249-1, GAD-7 69737-5). */
  code?: Coding[];
  /** The form ends with a typed-name signature and date (consents, releases). */
  signatureRequired?: boolean;
  item: QuestionnaireItem[];
};

export type AnswerValue = string | number | boolean;
/** Answers by linkId; a repeating item answers with a list. */
export type FormAnswers = Record<string, AnswerValue | AnswerValue[]>;

/** Sizes a form may reach: enough for any real intake packet, bounded so a save stays small. */
export const FORM_LIMITS = {
  title: 200,
  text: 2000,
  items: 300,
  depth: 4,
  options: 50,
  linkId: 60,
  string: 500,
  textAnswer: 20_000,
  repeats: 50,
} as const;

export const LOINC_SYSTEM = 'http://loinc.org';

/** Every item, depth first, with its parent group's linkId (null at the top). */
export function flattenItems(
  items: readonly QuestionnaireItem[],
  parent: string | null = null,
  depth = 1,
): { item: QuestionnaireItem; parent: string | null; depth: number }[] {
  return items.flatMap((item) => [
    { item, parent, depth },
    ...flattenItems(item.item ?? [], item.linkId, depth + 1),
  ]);
}

/** Items that take an answer (not groups, not display text). */
export function isAnswerable(item: QuestionnaireItem): boolean {
  return item.type !== 'group' && item.type !== 'display';
}

/**
 * How one stored answer reads, on a page or in print: a choice by its option's words, yes or
 * no, anything else as given.
 */
export function formAnswerText(item: QuestionnaireItem, value: AnswerValue): string {
  if (item.type === 'boolean') return value === true ? 'Yes' : 'No';
  if (item.type === 'choice') {
    return (
      item.answerOption?.find((o) => o.valueCoding.code === value)?.valueCoding.display ??
      String(value)
    );
  }
  return String(value);
}
