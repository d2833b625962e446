import { useState } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import { useNavigate } from 'react-router';

import { paths } from '../../../../config/paths';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { trackBusy } from '../../../../ui/busy/use-busy';
import { useNotify } from '../../../../ui/snackbar/use-notify';
import {
  listDuplicateClients,
  sendActivationLink,
  useCreateClient,
  type DuplicateClient,
} from '../api/new-client';
import {
  CLIENT_CREATED_MESSAGE,
  INVITATION_FAILED_MESSAGE,
  INVITATION_SENT_MESSAGE,
} from '../messages';
import {
  formFieldError,
  toDuplicateQuery,
  toNewClientPayload,
  type NewClientValues,
} from './new-client-form';

/**
 * Submitting the new client form: first the duplicate check; with matches the
 * caller shows them (`duplicates`) and may `createAnyway`. Creating toasts
 * 'Client created.', sends the portal invitation when asked for (and an email
 * was given), then opens the new client's record. Server errors naming a field
 * show on that field.
 */
export function useSubmitNewClient(setError: UseFormSetError<NewClientValues>) {
  const notify = useNotify();
  const navigate = useNavigate();
  const createClient = useCreateClient();
  const [pending, setPending] = useState<{
    values: NewClientValues;
    duplicates: DuplicateClient[];
  } | null>(null);

  async function create(values: NewClientValues) {
    let created;
    try {
      created = await createClient.mutateAsync(toNewClientPayload(values));
    } catch (error) {
      setPending(null);
      const onField = error instanceof ApiError ? formFieldError(error.field, error.message) : null;
      if (onField) setError(onField.name, { message: onField.message }, { shouldFocus: true });
      else notify.error(errorMessage(error));
      return;
    }
    notify.success(CLIENT_CREATED_MESSAGE);
    if (values.sendRegistrationEmail && values.email.trim() !== '') {
      try {
        await trackBusy(sendActivationLink(created.patientId));
        notify.success(INVITATION_SENT_MESSAGE);
      } catch {
        notify.error(INVITATION_FAILED_MESSAGE);
      }
    }
    void navigate(paths.client.profile.getHref(created.patientId));
  }

  async function submit(values: NewClientValues) {
    let duplicates: DuplicateClient[];
    try {
      duplicates = await trackBusy(listDuplicateClients(toDuplicateQuery(values)));
    } catch (error) {
      notify.error(errorMessage(error));
      return;
    }
    if (duplicates.length > 0) setPending({ values, duplicates });
    else await create(values);
  }

  return {
    submit,
    creating: createClient.isPending,
    /** Possible duplicates of the client being added, or null. */
    duplicates: pending?.duplicates ?? null,
    createAnyway: () => {
      if (pending) void create(pending.values);
    },
    cancel: () => {
      setPending(null);
    },
  };
}
