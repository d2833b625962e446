import type { ResponseOf } from '@openpractice/contracts';
import type { findPatients } from '@openpractice/contracts/clients/search';
import { cleanup, render, screen, within } from '@testing-library/react';
import {
  CLIENT_FIELDS,
  searchableFields,
  searchRowFor,
  clientFieldsFor,
} from '@openpractice/domain';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';

import { ResultsTable, resultColumns } from './results-table';

afterEach(cleanup);

const FULL_ROW = {
  user_id: 7,
  patient_rcrd_id: 7,
  patient_first_name: 'Margaret',
  patient_last_name: 'Hamilton',
  patient_nick_name: null,
  therapist_first_name: 'Theresa',
  therapist_last_name: 'Quinn',
  therapist_names: ['Theresa Quinn'],
  group_name: null,
  practice_insurance_id: 3,
  practice_insurance_name: 'Aetna',
  secondary_practice_insurance_id: null,
  secondary_practice_insurance_name: null,
  responsible_party_first_name: null,
  responsible_party_last_name: null,
  user_insurance_insurancenumber: 'W000000002',
  email: 'margaret.hamilton@example.com',
  phone: '2075550102',
  dateOfBirth: '1985-06-15',
  payment_type: 'Insurance',
  accountNumber: 'C000001001',
  clientStatus: 'Active',
  added: '2026-01-05T12:00:00.000Z',
  isGroup: false,
  custom_searchable_id: null,
} satisfies ResponseOf<typeof findPatients>['data'][number];
const none = { isTherapist: false, isSupervisor: false, isCustodian: false };
/** The row as the server sends it to a caller with these authorities. */
const rowFor = (authorities: string[]) =>
  searchRowFor(FULL_ROW, clientFieldsFor(authorities, none));
const ids = (columns: { id: string }[]) => columns.map((c) => c.id);

describe('resultColumns', () => {
  it('shows every column for rows that carry every field', () => {
    expect(
      ids(resultColumns(false, [rowFor(['customer.manager'])], new Set(CLIENT_FIELDS))),
    ).toEqual([
      'name',
      'group',
      'insurance',
      'responsibleParty',
      'insuranceNumber',
      'email',
      'phone',
      'dateOfBirth',
      'paymentType',
      'accountNumber',
      'status',
      'added',
    ]);
  });

  it('hides, rather than blanks, the columns the server left out of every row', () => {
    const staff = ['customer.staffadministrator'];
    expect(ids(resultColumns(false, [rowFor(staff)], searchableFields(staff, 'all')))).toEqual([
      'name',
      'group',
      'accountNumber',
      'status',
      'added',
    ]);
    const front = ['customer.frontoffice'];
    expect(ids(resultColumns(false, [rowFor(front)], searchableFields(front, 'all')))).toEqual([
      'name',
      'group',
      'email',
      'phone',
      'dateOfBirth',
      'accountNumber',
      'status',
      'added',
    ]);
  });

  it('decides from the context before any row arrives', () => {
    const staff = ['customer.staffadministrator'];
    expect(ids(resultColumns(false, [], searchableFields(staff, 'all')))).not.toContain('phone');
    expect(ids(resultColumns(false, [], searchableFields(['customer.manager'], 'all')))).toContain(
      'phone',
    );
  });
});

describe('ResultsTable', () => {
  it('has no Date of birth, Phone or Insurance heading for a staff administrator', () => {
    const staff = ['customer.staffadministrator'];
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <ResultsTable
              rows={[rowFor(staff)]}
              loading={false}
              showTherapist={false}
              contextFields={searchableFields(staff, 'all')}
              sort={{ sortBy: 'name', sortDir: 'asc' }}
              onSort={() => undefined}
            />
          ),
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    const headings = within(screen.getByRole('table', { name: 'Clients' }))
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headings).toEqual(['Name', 'Group', 'Account number', 'Status', 'Added']);
    expect(screen.queryByText('(207) 555-0102')).toBeNull();
  });
});
