import { toFieldValidator } from '@openpractice/domain';

import type { BasicDetails, BasicDetailsInput } from '../api/profile';
import { wireText } from '../lib/changed-fields';
import { usDateOf, wireDateOf } from '../lib/dates';

/** The form's values: all text, blank for none; the date of birth as typed (MM/DD/YYYY). */
export interface BasicDetailsValues {
  firstName: string;
  nickName: string;
  middleName: string;
  lastName: string;
  gender: string;
  claimGender: string;
  dob: string;
  maritalStatus: string;
  employer: string;
  employmentType: string;
}

export function basicDetailsValues(details: BasicDetails): BasicDetailsValues {
  return {
    firstName: details.firstName,
    nickName: details.nickName ?? '',
    middleName: details.middleName ?? '',
    lastName: details.lastName,
    gender: details.gender ?? '',
    claimGender: details.claimGender ?? '',
    dob: usDateOf(details.dob),
    maritalStatus: details.maritalStatus ?? '',
    employer: details.employer ?? '',
    employmentType: details.employmentType ?? '',
  };
}

/** Only the changed fields go to the server: trimmed, blank as null, the date as ISO. */
export function basicDetailsInput(
  values: BasicDetailsValues,
  fields: readonly (keyof BasicDetailsValues)[],
): BasicDetailsInput {
  const input: BasicDetailsInput = {};
  for (const field of fields) {
    if (field === 'dob') input.dob = wireDateOf(values.dob);
    else if (field === 'firstName' || field === 'lastName') input[field] = values[field].trim();
    else input[field] = wireText(values[field]);
  }
  return input;
}

/** The server's limits (apps/server profile-routes.ts), checked as the person types. */
export const NAME_RULES = toFieldValidator([{ name: 'required' }, { name: 'max', value: 50 }]);
export const OPTIONAL_NAME_RULES = toFieldValidator([{ name: 'max', value: 50 }]);
export const EMPLOYER_RULES = toFieldValidator([{ name: 'max', value: 100 }]);
