/**
 * The card-security self-assessment a processor asks of a practice (issue 19 item 6). A
 * practice whose card fields are the processor's own (Stripe's Payment Element, or the local
 * processor's vault) qualifies for the shortest PCI DSS questionnaire, SAQ A: its questions are
 * the eligibility criteria and the few requirements left to the merchant. The spec names the
 * page but not the questions; docs/decisions.md says why these.
 */

export const CARD_COMPLIANCE_QUESTIONNAIRE = 'pci-dss-saq-a-4.0';

export type ComplianceAnswer = 'yes' | 'no' | 'notApplicable';

export type ComplianceQuestion = {
  id: string;
  /** The PCI DSS part it stands for, printed beside the question. */
  reference: string;
  text: string;
  /** Only where SAQ A allows "not applicable" (e.g. no paper with card numbers at all). */
  allowsNotApplicable: boolean;
};

export const CARD_COMPLIANCE_QUESTIONS: readonly ComplianceQuestion[] = [
  {
    id: 'cardNotPresentOnly',
    reference: 'SAQ A eligibility',
    text: 'The practice takes cards only without the card present (online, by phone or by mail), never in a card reader of its own.',
    allowsNotApplicable: false,
  },
  {
    id: 'outsourcedEntirely',
    reference: 'SAQ A eligibility',
    text: "Card numbers are typed only into the processor's own card fields; the practice never types, emails, texts or records a card number anywhere else.",
    allowsNotApplicable: false,
  },
  {
    id: 'noElectronicStorage',
    reference: 'SAQ A eligibility',
    text: 'The practice keeps no card numbers or security codes on its computers, phones or files; only what the processor returns (brand, last four digits, expiry).',
    allowsNotApplicable: false,
  },
  {
    id: 'processorCompliant',
    reference: 'Requirement 12.8',
    text: "The practice has confirmed the processor's PCI DSS compliance (its Attestation of Compliance) and has its agreement acknowledging responsibility for card data.",
    allowsNotApplicable: false,
  },
  {
    id: 'paperDestroyed',
    reference: 'Requirement 9.4',
    text: 'Any paper with a card number on it is kept locked away and shredded as soon as it is no longer needed.',
    allowsNotApplicable: true,
  },
  {
    id: 'ownAccounts',
    reference: 'Requirements 2.2 and 8',
    text: 'Everyone who takes card payments signs in with their own account; accounts and passwords are never shared.',
    allowsNotApplicable: false,
  },
  {
    id: 'incidentPlan',
    reference: 'Requirement 12.10.1',
    text: 'The practice has a written plan for what to do if card data may have been exposed, including telling the processor.',
    allowsNotApplicable: false,
  },
];

export const COMPLIANCE_MESSAGES = {
  unanswered: 'Answer every question.',
  unknownQuestion: 'That is not one of the questions.',
  notApplicable: 'This question cannot be answered "not applicable".',
} as const;

/** Every question answered, and each "not applicable" only where allowed; else the problem. */
export function checkComplianceAnswers(
  answers: Readonly<Record<string, ComplianceAnswer>>,
): { ok: true } | { ok: false; question: string; message: string } {
  const known = new Set(CARD_COMPLIANCE_QUESTIONS.map((q) => q.id));
  for (const id of Object.keys(answers))
    if (!known.has(id))
      return { ok: false, question: id, message: COMPLIANCE_MESSAGES.unknownQuestion };
  for (const question of CARD_COMPLIANCE_QUESTIONS) {
    const answer = answers[question.id];
    if (answer === undefined)
      return { ok: false, question: question.id, message: COMPLIANCE_MESSAGES.unanswered };
    if (answer === 'notApplicable' && !question.allowsNotApplicable)
      return { ok: false, question: question.id, message: COMPLIANCE_MESSAGES.notApplicable };
  }
  return { ok: true };
}

/**
 * In place: every question "yes" (or an allowed "not applicable"). A "no" is kept as answered:
 * the page then says the practice does not meet SAQ A and must talk to its processor.
 */
export function complianceInPlace(answers: Readonly<Record<string, ComplianceAnswer>>): boolean {
  return CARD_COMPLIANCE_QUESTIONS.every((q) => {
    const answer = answers[q.id];
    return answer === 'yes' || (answer === 'notApplicable' && q.allowsNotApplicable);
  });
}
