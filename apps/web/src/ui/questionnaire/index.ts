// The Questionnaire renderer (issue 18), shared by the forms pages and the portal.
export { QuestionnaireForm } from './questionnaire-form';
export { QuestionnaireAnswers, answerText } from './questionnaire-answers';
export { useQuestionnaireForm, type QuestionnaireFormApi } from './use-questionnaire-form';
export { MESSAGES as QUESTIONNAIRE_MESSAGES } from './schema';
export { enabledAnswers, type QuestionnaireValues } from './values';
export { LightTextField } from './light-text-field';
