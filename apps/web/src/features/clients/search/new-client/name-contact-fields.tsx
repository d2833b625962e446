import {
  date,
  dateBefore,
  dateOfBirthWarning,
  email,
  max,
  phone,
  required,
} from '@openpractice/domain';
import { useWatch, type Control } from 'react-hook-form';

import { FieldWarning } from '../../../../ui/field-warning';

import { all, FieldGrid, TextInput } from './form-layout';
import type { NewClientValues } from './new-client-form';

/** The client's names and date of birth (before `today`). */
export function NameFields({ control, today }: { control: Control<NewClientValues>; today: Date }) {
  const dobWarning = dateOfBirthWarning(useWatch({ control, name: 'dob' }), today);
  return (
    <FieldGrid>
      <TextInput
        control={control}
        name="firstName"
        label="First name"
        required
        autoFocus
        rules={all(required, max(60))}
      />
      <TextInput control={control} name="nickName" label="Nickname" rules={max(60)} />
      <TextInput control={control} name="middleName" label="Middle name" rules={max(60)} />
      <TextInput
        control={control}
        name="lastName"
        label="Last name"
        required
        rules={all(required, max(60))}
      />
      <TextInput
        control={control}
        name="dob"
        label="Date of birth"
        placeholder="MM/DD/YYYY"
        inputMode="numeric"
        rules={all(date, dateBefore(today))}
        hint={dobWarning && <FieldWarning>{dobWarning}</FieldWarning>}
      />
    </FieldGrid>
  );
}

/** The client's email and phone, both optional. */
export function ContactFields({ control }: { control: Control<NewClientValues> }) {
  return (
    <FieldGrid>
      <TextInput
        control={control}
        name="email"
        label="Email"
        wide
        type="email"
        inputMode="email"
        rules={all(email, max(254))}
      />
      <TextInput
        control={control}
        name="phone"
        label="Phone"
        type="tel"
        inputMode="tel"
        rules={phone}
      />
    </FieldGrid>
  );
}
