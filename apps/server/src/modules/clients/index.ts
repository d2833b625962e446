// The clients area's door: what other areas may use of it (the only file they import).
export { autoAssignForms } from './profile/forms-service.ts';
export { twoFactorStatusOf } from './profile/profile-queries.ts';
