import { describe, expect, it } from 'vitest';
import {
  CARD_COMPLIANCE_QUESTIONS,
  COMPLIANCE_MESSAGES,
  checkComplianceAnswers,
  complianceInPlace,
  type ComplianceAnswer,
} from './card-compliance.ts';

const all = (answer: ComplianceAnswer) =>
  Object.fromEntries(CARD_COMPLIANCE_QUESTIONS.map((q) => [q.id, answer]));

describe('the card-security self-assessment', () => {
  it('needs every question answered', () => {
    const answers = all('yes');
    delete answers.incidentPlan;
    expect(checkComplianceAnswers(answers)).toEqual({
      ok: false,
      question: 'incidentPlan',
      message: COMPLIANCE_MESSAGES.unanswered,
    });
  });

  it('refuses an unknown question and "not applicable" where SAQ A does not allow it', () => {
    expect(checkComplianceAnswers({ ...all('yes'), other: 'yes' })).toMatchObject({
      ok: false,
      message: COMPLIANCE_MESSAGES.unknownQuestion,
    });
    expect(checkComplianceAnswers({ ...all('yes'), ownAccounts: 'notApplicable' })).toMatchObject({
      ok: false,
      question: 'ownAccounts',
      message: COMPLIANCE_MESSAGES.notApplicable,
    });
  });

  it.each([
    ['all yes', all('yes'), true],
    ['no paper at all', { ...all('yes'), paperDestroyed: 'notApplicable' }, true],
    ['one no', { ...all('yes'), incidentPlan: 'no' }, false],
  ] as const)('%s: in place %s', (_name, answers, expected) => {
    expect(checkComplianceAnswers(answers)).toEqual({ ok: true });
    expect(complianceInPlace(answers)).toBe(expected);
  });
});
