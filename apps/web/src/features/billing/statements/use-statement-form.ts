import { formatUsDate } from '@openpractice/domain';
import { useState, type SyntheticEvent } from 'react';

import type { PickedClient } from '../../../ui/client-picker';
import { useConfirm } from '../../../ui/confirm/use-confirm';
import { formErrorOf, type FormError } from '../logic/server-error';
import { useCreateStatement, useCreateStatementBatch } from './api';
import { useClientFromAddress } from './client-from-address';
import { lastMonth, periodErrors, type PeriodErrors, type PeriodInput } from './statement-period';
import type { Made } from './statement-result';

export type Scope = 'one' | 'batch';
export type StatementFormErrors = PeriodErrors & { client?: string };

/**
 * The statement form's state and its submit: the fields are checked here first (messages on
 * the fields), a batch is confirmed, then the server's refusal goes on the field it names or
 * above the form. Kept apart from the page so the page is only its layout.
 */
export function useStatementForm() {
  const fromAddress = useClientFromAddress();
  const [scope, setScopeState] = useState<Scope>('one');
  const [picked, setPicked] = useState<PickedClient | null | undefined>(undefined);
  // The address's client until the reader picks or removes one.
  const client = picked === undefined ? fromAddress : picked;
  const [period, setPeriodState] = useState<PeriodInput>(() => lastMonth(new Date()));
  const [email, setEmail] = useState(false);
  const [errors, setErrors] = useState<StatementFormErrors>({});
  const [made, setMade] = useState<Made | null>(null);
  const one = useCreateStatement();
  const batch = useCreateStatementBatch();
  const confirm = useConfirm();
  const failure = one.error ?? batch.error;
  const serverError: FormError | null = failure ? formErrorOf(failure, ['from', 'to']) : null;

  const sendBatch = async () => {
    const span = `${formatUsDate(period.from)} to ${formatUsDate(period.to)}`;
    const yes = await confirm({
      title: 'Make statements for every client?',
      message:
        `A statement will be made for every client with activity from ${span} or a balance ` +
        `at its end${email ? ', and emailed to each responsible party with an email address' : ''}. ` +
        'Statements cannot be changed once made.',
      confirmText: 'Make statements',
    });
    if (!yes) return;
    batch.mutate(
      { ...period, email },
      {
        onSuccess: (answer) => {
          setMade({ kind: 'batch', result: answer.data, emailAsked: email });
        },
      },
    );
  };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const found: StatementFormErrors = periodErrors(period);
    if (scope === 'one' && client === null) found.client = 'Choose the client.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setMade(null);
    one.reset();
    batch.reset();
    if (scope === 'batch' || client === null) {
      void sendBatch();
      return;
    }
    one.mutate(
      { patientId: client.id, ...period, email },
      {
        onSuccess: (answer) => {
          setMade({ kind: 'one', statement: answer.data, emailAsked: email });
        },
      },
    );
  };

  return {
    scope,
    setScope: (next: Scope) => {
      setScopeState(next);
      setMade(null);
    },
    client,
    setClient: (next: PickedClient | null) => {
      setPicked(next);
      setErrors({ ...errors, client: undefined });
    },
    period,
    setPeriod: (field: keyof PeriodInput, value: string) => {
      setPeriodState({ ...period, [field]: value });
      setErrors({ ...errors, [field]: undefined });
    },
    email,
    setEmail,
    errors,
    serverError,
    made,
    pending: one.isPending || batch.isPending,
    submit,
  };
}
