export * from './questionnaire.ts';
export * from './enable-when.ts';
export * from './definition-problems.ts';
export * from './response-validation.ts';
export * from './assignment-states.ts';
export * from './measure-forms.ts';
export * from './library.ts';
export * from './pdf-fields.ts';
