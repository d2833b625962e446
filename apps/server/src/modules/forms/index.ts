/**
 * The forms module's door for the demo seed: forms are added from the library, given,
 * answered, signed and scored by the same services the pages call (issue 18 item 9).
 */
export { addLibraryForm, publishDraft, saveDraft } from './definition-service.ts';
export { assignForms } from './assignment-service.ts';
export { answer, sign, type FormActor } from './response-service.ts';
export { saveSchedule } from './measure-queries.ts';
