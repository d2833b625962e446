import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type {
  deleteAddress,
  deleteContact,
  deleteEmail,
  deletePhone,
  saveAddress,
  saveContact,
  saveEmail,
  savePhone,
} from '@openpractice/contracts/clients/profile/contact-details';
import { useMutation } from '@tanstack/react-query';

import { apiPaths } from '../../../../config/paths';
import { api } from '../../../../lib/api-client';
import { useUpdateCachedProfile } from './profile';

const paths = apiPaths.clientProfile;

export type Phone = ResponseOf<typeof deletePhone>['data'][number];
export type Email = ResponseOf<typeof deleteEmail>['data'][number];
export type Address = NonNullable<ResponseOf<typeof deleteAddress>['data']['defaultAddress']>;
export type ClientContact = ResponseOf<typeof deleteContact>['data'][number];

/*
 * Saves insert without an id and update with one; each answers the client's
 * whole list (as the server settled the defaults), which replaces the list in
 * the cached profile. Deletes answer the list too, under `data`.
 */

export type PhoneInput = Omit<BodyOf<typeof savePhone>, 'patientId'>;

export function useSavePhone(patientId: number) {
  const updateProfile = useUpdateCachedProfile(patientId);
  return useMutation({
    mutationFn: (input: PhoneInput) =>
      api.post<ResponseOf<typeof savePhone>>(paths.savePhone, {
        patientId,
        ...input,
      }),
    onSuccess: (result) => {
      if (result.status === 'saved') updateProfile((p) => ({ ...p, phones: result.phones }));
    },
  });
}

export function useDeletePhone(patientId: number) {
  const updateProfile = useUpdateCachedProfile(patientId);
  return useMutation({
    mutationFn: (phoneId: number) =>
      api.post<ResponseOf<typeof deletePhone>>(paths.deletePhone, { patientId, phoneId }),
    onSuccess: (result) => {
      updateProfile((p) => ({ ...p, phones: result.data }));
    },
  });
}

export type EmailInput = Omit<BodyOf<typeof saveEmail>, 'patientId'>;

export function useSaveEmail(patientId: number) {
  const updateProfile = useUpdateCachedProfile(patientId);
  return useMutation({
    mutationFn: (input: EmailInput) =>
      api.post<ResponseOf<typeof saveEmail>>(paths.saveEmail, {
        patientId,
        ...input,
      }),
    onSuccess: (result) => {
      if (result.status === 'saved') updateProfile((p) => ({ ...p, emails: result.emails }));
    },
  });
}

export function useDeleteEmail(patientId: number) {
  const updateProfile = useUpdateCachedProfile(patientId);
  return useMutation({
    mutationFn: (emailId: number) =>
      api.post<ResponseOf<typeof deleteEmail>>(paths.deleteEmail, { patientId, emailId }),
    onSuccess: (result) => {
      updateProfile((p) => ({ ...p, emails: result.data }));
    },
  });
}

export type AddressInput = Omit<BodyOf<typeof saveAddress>, 'userId'>;

/** Addresses name the client `userId` (spec-2 §7). */
export function useSaveAddress(patientId: number) {
  const updateProfile = useUpdateCachedProfile(patientId);
  return useMutation({
    mutationFn: (input: AddressInput) =>
      api.post<ResponseOf<typeof saveAddress>>(paths.saveAddress, { userId: patientId, ...input }),
    onSuccess: (result) => {
      if (result.status === 'saved') {
        updateProfile((p) => ({ ...p, addresses: result.addresses }));
      }
    },
  });
}

export function useDeleteAddress(patientId: number) {
  const updateProfile = useUpdateCachedProfile(patientId);
  return useMutation({
    mutationFn: (addressId: number) =>
      api.post<ResponseOf<typeof deleteAddress>>(paths.deleteAddress, {
        userId: patientId,
        addressId,
      }),
    onSuccess: (result) => {
      updateProfile((p) => ({ ...p, addresses: result.data }));
    },
  });
}

export type ContactInput = Omit<BodyOf<typeof saveContact>, 'patientId'>;

export function useSaveContact(patientId: number) {
  const updateProfile = useUpdateCachedProfile(patientId);
  return useMutation({
    mutationFn: (input: ContactInput) =>
      api.post<ResponseOf<typeof saveContact>>(paths.saveContact, { patientId, ...input }),
    onSuccess: (result) => {
      if (result.status === 'saved') updateProfile((p) => ({ ...p, contacts: result.contacts }));
    },
  });
}

export function useDeleteContact(patientId: number) {
  const updateProfile = useUpdateCachedProfile(patientId);
  return useMutation({
    mutationFn: (contactId: number) =>
      api.post<ResponseOf<typeof deleteContact>>(paths.deleteContact, {
        patientId,
        contactId,
      }),
    onSuccess: (result) => {
      updateProfile((p) => ({ ...p, contacts: result.data }));
    },
  });
}
