import {
  billingProviderProblems,
  CLAIM_SETUP_MESSAGES,
  endpointUrlProblem,
  isSubmitterId,
  renderingProblems,
} from '@openpractice/domain';

import type { ClaimSetup, SaveClaimSetupInput } from './api';

/**
 * The claim set-up form: what the page edits, made from the server's answer and turned back
 * into the save body. The checks are the domain's own (claims/setup.ts), so a mistake shows
 * beside its field before the server says the same words; errors are keyed by the request's
 * field path ('billingProvider.npi', 'providers.2.npi'), the server's `field` included.
 */

export type Address = { line1: string; line2: string; city: string; state: string; zip: string };

export type SetupForm = {
  entityKind: 'organisation' | 'person';
  organisationName: string;
  firstName: string;
  lastName: string;
  npi: string;
  tinKind: 'ein' | 'ssn';
  tin: string;
  taxonomy: string;
  address: Address;
  hasPayTo: boolean;
  payTo: Address;
  clearinghouseKind: 'local' | 'https';
  endpointUrl: string;
  submitterId: string;
  username: string;
  secret: string;
  providers: {
    therapistId: number;
    name: string;
    npi: string;
    taxonomy: string;
    supervisingTherapistId: number | null;
  }[];
  payers: {
    practiceInsuranceId: number;
    label: string;
    payerId: string;
    claimsEnrolled: boolean;
    eraEnrolled: boolean;
  }[];
};

export type FormErrors = Record<string, string>;

const EMPTY_ADDRESS: Address = { line1: '', line2: '', city: '', state: '', zip: '' };

const addressOf = (a: ClaimSetup['billingProvider']['address'] | null): Address =>
  a ? { ...a, line2: a.line2 ?? '' } : EMPTY_ADDRESS;

export function formOf(setup: ClaimSetup): SetupForm {
  const b = setup.billingProvider;
  const ch = setup.clearinghouse;
  return {
    entityKind: b.entityKind,
    organisationName: b.organisationName,
    firstName: b.firstName,
    lastName: b.lastName,
    npi: b.npi,
    tinKind: b.tinKind,
    tin: b.tin,
    taxonomy: b.taxonomy,
    address: addressOf(b.address),
    hasPayTo: b.payTo !== null,
    payTo: addressOf(b.payTo),
    clearinghouseKind: ch.kind,
    endpointUrl: ch.endpointUrl ?? '',
    submitterId: ch.submitterId ?? '',
    username: ch.username ?? '',
    secret: '',
    providers: setup.providers.map((p) => ({
      therapistId: p.therapistId,
      name: p.credentials ? `${p.name}, ${p.credentials}` : p.name,
      npi: p.npi,
      taxonomy: p.taxonomy,
      supervisingTherapistId: p.supervisingTherapistId,
    })),
    payers: setup.payers.map((p) => ({ ...p })),
  };
}

const wireAddress = (a: Address) => ({
  line1: a.line1.trim(),
  line2: a.line2.trim() || null,
  city: a.city.trim(),
  state: a.state.trim().toUpperCase(),
  zip: a.zip.trim(),
});

export function bodyOf(form: SetupForm): SaveClaimSetupInput {
  return {
    billingProvider: {
      entityKind: form.entityKind,
      organisationName: form.organisationName.trim(),
      firstName: form.firstName.trim(),
      lastName: form.lastName.trim(),
      npi: form.npi.trim(),
      tinKind: form.tinKind,
      tin: form.tin.trim(),
      taxonomy: form.taxonomy.trim().toUpperCase(),
      address: wireAddress(form.address),
      payTo: form.hasPayTo ? wireAddress(form.payTo) : null,
    },
    clearinghouse:
      form.clearinghouseKind === 'local'
        ? { kind: 'local' }
        : {
            kind: 'https',
            endpointUrl: form.endpointUrl.trim(),
            submitterId: form.submitterId.trim(),
            username: form.username.trim(),
            ...(form.secret.trim() ? { secret: form.secret.trim() } : {}),
          },
    providers: form.providers.map((p) => ({
      therapistId: p.therapistId,
      npi: p.npi.trim(),
      taxonomy: p.taxonomy.trim().toUpperCase(),
      supervisingTherapistId: p.supervisingTherapistId,
    })),
    payers: form.payers.map((p) => ({
      practiceInsuranceId: p.practiceInsuranceId,
      claimsEnrolled: p.claimsEnrolled,
      eraEnrolled: p.eraEnrolled,
    })),
  };
}

/** The domain's checks, each problem under its field (the first for a field wins). */
export function checkForm(form: SetupForm, hasSecret: boolean): FormErrors {
  const body = bodyOf(form);
  const b = body.billingProvider;
  const errors: FormErrors = {};
  const add = (field: string, message: string) => {
    errors[field] ??= message;
  };
  const billing = billingProviderProblems({
    entityKind: b.entityKind,
    organisationName: b.organisationName ?? '',
    firstName: b.firstName ?? '',
    lastName: b.lastName ?? '',
    npi: b.npi,
    tin: { kind: b.tinKind, value: b.tin },
    taxonomy: b.taxonomy,
    address: b.address,
    payTo: b.payTo ?? null,
  });
  for (const p of billing) add(p.field, p.message);
  const therapists = new Map(form.providers.map((p) => [p.therapistId, p.npi]));
  const providers = renderingProblems(
    (body.providers ?? []).map((p) => ({
      therapistId: p.therapistId,
      npi: p.npi ?? '',
      taxonomy: p.taxonomy ?? '',
      supervisingTherapistId: p.supervisingTherapistId ?? null,
    })),
    therapists,
  );
  for (const p of providers) add(p.field, p.message);
  if (form.clearinghouseKind === 'https') {
    const url = endpointUrlProblem(form.endpointUrl);
    if (url) add('clearinghouse.endpointUrl', url);
    if (!isSubmitterId(form.submitterId))
      add('clearinghouse.submitterId', CLAIM_SETUP_MESSAGES.submitterIdInvalid);
    if (form.username.trim() === '')
      add('clearinghouse.username', CLAIM_SETUP_MESSAGES.usernameMissing);
    if (!hasSecret && form.secret.trim() === '')
      add('clearinghouse.secret', CLAIM_SETUP_MESSAGES.secretMissing);
  }
  return errors;
}
