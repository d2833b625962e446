import { GAD7_QUESTIONNAIRE, PHQ9_QUESTIONNAIRE } from './measure-forms.ts';
import type { Questionnaire, QuestionnaireItem } from './questionnaire.ts';

/**
 * The library of ready-made forms (`/guide`, issue 18 item 1): what most practices need on day
 * one, as data, which a practice adds to its own forms in one step and may then edit (except
 * the locked measures). The wording is plain and generic; a practice adapts it to its state's
 * rules before use, which the library page says.
 */
export type LibraryForm = {
  key: string;
  name: string;
  description: string;
  category: 'intake' | 'consent' | 'measure';
  /** Locked forms are added as they are and cannot be edited (validated instruments). */
  locked: boolean;
  /** Given to every new client when added (the intake questionnaire). */
  autoAssign: boolean;
  questionnaire: Questionnaire;
};

const yesNo = (linkId: string, text: string, required = true): QuestionnaireItem => ({
  linkId,
  text,
  type: 'boolean',
  required,
});

const agreement = (linkId: string, text: string): QuestionnaireItem => ({
  linkId,
  text,
  type: 'boolean',
  required: true,
});

const INTAKE: Questionnaire = {
  resourceType: 'Questionnaire',
  title: 'Intake questionnaire',
  item: [
    {
      linkId: 'about',
      text: 'About you',
      type: 'group',
      item: [
        { linkId: 'preferredName', text: 'Preferred name', type: 'string' },
        { linkId: 'pronouns', text: 'Pronouns', type: 'string' },
        { linkId: 'occupation', text: 'Occupation', type: 'string' },
      ],
    },
    {
      linkId: 'reason',
      text: 'What brings you to counseling?',
      type: 'text',
      required: true,
    },
    {
      linkId: 'history',
      text: 'Health history',
      type: 'group',
      item: [
        yesNo('priorTherapy', 'Have you been in counseling or therapy before?'),
        {
          linkId: 'priorTherapyDetail',
          text: 'When, and what was helpful?',
          type: 'text',
          enableWhen: [{ question: 'priorTherapy', operator: '=', answerBoolean: true }],
        },
        yesNo('medications', 'Do you take any medications?'),
        {
          linkId: 'medicationList',
          text: 'Which medications, and at what dose?',
          type: 'string',
          repeats: true,
          required: true,
          enableWhen: [{ question: 'medications', operator: '=', answerBoolean: true }],
        },
        {
          linkId: 'sleepHours',
          text: 'About how many hours do you sleep a night?',
          type: 'decimal',
        },
        {
          linkId: 'alcohol',
          text: 'How often do you drink alcohol?',
          type: 'choice',
          answerOption: [
            { valueCoding: { code: 'never', display: 'Never' } },
            { valueCoding: { code: 'monthly', display: 'Monthly or less' } },
            { valueCoding: { code: 'weekly', display: 'Weekly' } },
            { valueCoding: { code: 'daily', display: 'Daily or almost daily' } },
          ],
        },
      ],
    },
    {
      linkId: 'emergencyContact',
      text: 'Emergency contact (name and phone)',
      type: 'string',
      required: true,
    },
    { linkId: 'lastPhysical', text: 'Date of your last physical exam', type: 'date' },
    { linkId: 'children', text: 'Number of children', type: 'integer' },
  ],
};

const signed = (title: string, description: string, item: QuestionnaireItem[]): Questionnaire => ({
  resourceType: 'Questionnaire',
  title,
  description,
  signatureRequired: true,
  item,
});

const CONSENT: Questionnaire = signed(
  'Consent to treatment',
  'Agreement to begin counseling services.',
  [
    {
      linkId: 'terms',
      type: 'display',
      text: 'Counseling involves talking about personal matters and may bring up uncomfortable feelings. What you share is confidential, except where the law requires disclosure (risk of serious harm to yourself or others, suspected abuse of a child or vulnerable adult, or a court order). You may end treatment at any time.',
    },
    agreement('understood', 'I have read and understand the information above.'),
    agreement('consent', 'I consent to counseling services with this practice.'),
  ],
);

const TELEHEALTH: Questionnaire = signed(
  'Telehealth consent',
  'Agreement to receive services by secure video.',
  [
    {
      linkId: 'terms',
      type: 'display',
      text: 'Telehealth sessions take place over secure video. Technology can fail, and privacy depends in part on where you are: choose a private place. If a session drops, your therapist will call you. In an emergency, call 911 or go to the nearest emergency room.',
    },
    {
      linkId: 'location',
      text: 'Where will you usually be during sessions (city and state)?',
      type: 'string',
      required: true,
    },
    agreement('consent', 'I consent to receive services by telehealth.'),
  ],
);

const RELEASE: Questionnaire = signed(
  'Release of information',
  'Permission to share information with another person or organisation.',
  [
    {
      linkId: 'recipient',
      text: 'Share with (name or organisation)',
      type: 'string',
      required: true,
    },
    {
      linkId: 'recipientContact',
      text: 'Their address, phone or fax',
      type: 'string',
      required: true,
    },
    {
      linkId: 'scope',
      text: 'What may be shared',
      type: 'choice',
      repeats: true,
      required: true,
      answerOption: [
        { valueCoding: { code: 'attendance', display: 'Attendance' } },
        { valueCoding: { code: 'diagnosis', display: 'Diagnosis' } },
        { valueCoding: { code: 'treatmentPlan', display: 'Treatment plan and progress' } },
        { valueCoding: { code: 'other', display: 'Other' } },
      ],
    },
    {
      linkId: 'scopeOther',
      text: 'Other information to share',
      type: 'text',
      required: true,
      enableWhen: [{ question: 'scope', operator: '=', answerCoding: { code: 'other' } }],
    },
    { linkId: 'purpose', text: 'Purpose of the release', type: 'string', required: true },
    { linkId: 'expires', text: 'This release expires on', type: 'date', required: true },
    {
      linkId: 'revocable',
      type: 'display',
      text: 'You may revoke this release at any time, in writing or in the client portal, except for information already shared.',
    },
  ],
);

const HIPAA: Questionnaire = signed(
  'HIPAA notice acknowledgement',
  "Acknowledgement of the practice's Notice of Privacy Practices.",
  [
    {
      linkId: 'notice',
      type: 'display',
      text: 'Our Notice of Privacy Practices describes how your health information may be used and disclosed, and your rights. You may ask for a paper copy at any time.',
    },
    agreement('received', 'I have received the Notice of Privacy Practices.'),
  ],
);

export const FORM_LIBRARY: readonly LibraryForm[] = [
  {
    key: 'intake',
    name: 'Intake questionnaire',
    description: 'Reason for seeking care, history, medications and an emergency contact.',
    category: 'intake',
    locked: false,
    autoAssign: true,
    questionnaire: INTAKE,
  },
  {
    key: 'consent-to-treatment',
    name: 'Consent to treatment',
    description: CONSENT.description ?? '',
    category: 'consent',
    locked: false,
    autoAssign: false,
    questionnaire: CONSENT,
  },
  {
    key: 'telehealth-consent',
    name: 'Telehealth consent',
    description: TELEHEALTH.description ?? '',
    category: 'consent',
    locked: false,
    autoAssign: false,
    questionnaire: TELEHEALTH,
  },
  {
    key: 'release-of-information',
    name: 'Release of information',
    description: RELEASE.description ?? '',
    category: 'consent',
    locked: false,
    autoAssign: false,
    questionnaire: RELEASE,
  },
  {
    key: 'hipaa-acknowledgement',
    name: 'HIPAA notice acknowledgement',
    description: HIPAA.description ?? '',
    category: 'consent',
    locked: false,
    autoAssign: false,
    questionnaire: HIPAA,
  },
  {
    key: 'phq9',
    name: 'PHQ-9',
    description: 'Patient Health Questionnaire: depression severity (LOINC 44249-1).',
    category: 'measure',
    locked: true,
    autoAssign: false,
    questionnaire: PHQ9_QUESTIONNAIRE,
  },
  {
    key: 'gad7',
    name: 'GAD-7',
    description: 'Generalized Anxiety Disorder scale (LOINC 69737-5).',
    category: 'measure',
    locked: true,
    autoAssign: false,
    questionnaire: GAD7_QUESTIONNAIRE,
  },
];

export const libraryForm = (key: string): LibraryForm | undefined =>
  FORM_LIBRARY.find((form) => form.key === key);
