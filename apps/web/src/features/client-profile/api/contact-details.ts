import { useMutation } from '@tanstack/react-query';

import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import type { Unchanged } from './keys';
import { useUpdateCachedProfile, type Addresses } from './profile';

const paths = apiPaths.clientProfile;

export interface Phone {
  phoneId: number;
  /** 10 digits as stored. */
  contact: string;
  label: string | null;
  isDefault: boolean;
}

export interface Email {
  emailId: number;
  contact: string;
  isDefault: boolean;
}

export interface Address {
  addressId: number;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string;
  /** Digits only: 5 or 9. */
  zipcode: string;
  isDefault: boolean;
  isMailing: boolean;
}

export interface ClientContact {
  contactId: number;
  firstName: string;
  lastName: string;
  relationship: string | null;
  phone: string | null;
  email: string | null;
  isEmergencyContact: boolean;
  type: 'patient_contact';
}

/*
 * Saves insert without an id and update with one; each answers the client's
 * whole list (as the server settled the defaults), which replaces the list in
 * the cached profile. Deletes answer the list too, under `data`.
 */

export interface PhoneInput {
  phoneId?: number;
  contact: string;
  label?: string | null;
  isDefault?: boolean;
}

export function useSavePhone(patientId: number) {
  const updateProfile = useUpdateCachedProfile(patientId);
  return useMutation({
    mutationFn: (input: PhoneInput) =>
      api.post<Unchanged | { status: 'saved'; phoneId: number; phones: Phone[] }>(paths.savePhone, {
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
      api.post<{ status: 'deleted'; data: Phone[] }>(paths.deletePhone, { patientId, phoneId }),
    onSuccess: (result) => {
      updateProfile((p) => ({ ...p, phones: result.data }));
    },
  });
}

export interface EmailInput {
  emailId?: number;
  contact: string;
  isDefault?: boolean;
}

export function useSaveEmail(patientId: number) {
  const updateProfile = useUpdateCachedProfile(patientId);
  return useMutation({
    mutationFn: (input: EmailInput) =>
      api.post<Unchanged | { status: 'saved'; emailId: number; emails: Email[] }>(paths.saveEmail, {
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
      api.post<{ status: 'deleted'; data: Email[] }>(paths.deleteEmail, { patientId, emailId }),
    onSuccess: (result) => {
      updateProfile((p) => ({ ...p, emails: result.data }));
    },
  });
}

export interface AddressInput {
  addressId?: number;
  addressLine1: string;
  addressLine2?: string | null;
  city: string;
  state: string;
  zipcode: string;
  isDefault?: boolean;
  isMailing?: boolean;
}

/** Addresses name the client `userId` (spec-2 §7). */
export function useSaveAddress(patientId: number) {
  const updateProfile = useUpdateCachedProfile(patientId);
  return useMutation({
    mutationFn: (input: AddressInput) =>
      api.post<Unchanged | { status: 'saved'; addressId: number; addresses: Addresses }>(
        paths.saveAddress,
        { userId: patientId, ...input },
      ),
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
      api.post<{ status: 'deleted'; data: Addresses }>(paths.deleteAddress, {
        userId: patientId,
        addressId,
      }),
    onSuccess: (result) => {
      updateProfile((p) => ({ ...p, addresses: result.data }));
    },
  });
}

export interface ContactInput {
  contactId?: number;
  firstName: string;
  lastName: string;
  relationship?: string | null;
  phone?: string | null;
  email?: string | null;
  isEmergencyContact?: boolean;
}

export function useSaveContact(patientId: number) {
  const updateProfile = useUpdateCachedProfile(patientId);
  return useMutation({
    mutationFn: (input: ContactInput) =>
      api.post<Unchanged | { status: 'saved'; contactId: number; contacts: ClientContact[] }>(
        paths.saveContact,
        { patientId, ...input },
      ),
    onSuccess: (result) => {
      if (result.status === 'saved') updateProfile((p) => ({ ...p, contacts: result.contacts }));
    },
  });
}

export function useDeleteContact(patientId: number) {
  const updateProfile = useUpdateCachedProfile(patientId);
  return useMutation({
    mutationFn: (contactId: number) =>
      api.post<{ status: 'deleted'; data: ClientContact[] }>(paths.deleteContact, {
        patientId,
        contactId,
      }),
    onSuccess: (result) => {
      updateProfile((p) => ({ ...p, contacts: result.data }));
    },
  });
}
