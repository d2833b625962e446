import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { AppointmentAttendee } from './api';
import { AttendeeRow, type AttendeeRowProps } from './attendee-row';

afterEach(cleanup);

const attendee = (over: Partial<AppointmentAttendee> = {}): AppointmentAttendee => ({
  calendarEventAttendeeId: 11,
  patientId: 10,
  fullName: 'Ana Diaz',
  isPatient: true,
  isGroup: false,
  attended: false,
  notAttended: false,
  attendanceUnknown: true,
  noShow: false,
  accountInvoiceId: null,
  productId: 2,
  product: { productId: 2, name: 'Psychotherapy, 60 minutes', sku: '90837' },
  checkedInTime: null,
  isCharted: false,
  patientChartId: null,
  chart_status: null,
  ...over,
});

function setup(over: Partial<AttendeeRowProps> = {}) {
  const props: AttendeeRowProps = {
    attendee: attendee(),
    timeZone: 'America/New_York',
    canChange: true,
    timing: { canCheckIn: true, canRecordAttendance: true },
    busy: false,
    products: {
      choices: [
        { productId: 1, name: 'Psychotherapy, 45 minutes', sku: '90834' },
        { productId: 2, name: 'Psychotherapy, 60 minutes', sku: '90837' },
      ],
      initial: 2,
    },
    onSave: vi.fn(),
    onReset: vi.fn(),
    onToggleCheckIn: vi.fn(),
    ...over,
  };
  render(
    <MemoryRouter>
      <AttendeeRow {...props} />
    </MemoryRouter>,
  );
  const row = within(screen.getByRole('group', { name: 'Ana Diaz' }));
  const button = (name: string) => row.getByRole<HTMLButtonElement>('button', { name });
  return { props, row, button };
}

describe('AttendeeRow', () => {
  it('saves attended with the preselected service', () => {
    const { props, row, button } = setup();
    expect(row.getByText('Attendance not recorded')).toBeTruthy();
    fireEvent.click(button('Attended'));
    expect(props.onSave).toHaveBeenCalledWith({ attended: true, noShow: false, productId: 2 });
  });

  it('saves not attended as a no-show, and a no-show cannot be saved as attended', () => {
    const { props, row, button } = setup();
    fireEvent.click(row.getByRole('checkbox', { name: 'No-show' }));
    expect(button('Attended').disabled).toBe(true);
    fireEvent.click(button('Not attended'));
    expect(props.onSave).toHaveBeenCalledWith({ attended: false, noShow: true, productId: 2 });
  });

  it('offers only Reset to unknown once attendance is recorded', () => {
    const { props, row, button } = setup({
      attendee: attendee({ notAttended: true, noShow: true, attendanceUnknown: false }),
    });
    expect(row.getByText('Not attended (no-show) · 90837 Psychotherapy, 60 minutes')).toBeTruthy();
    expect(row.queryByRole('button', { name: 'Attended' })).toBeNull();
    fireEvent.click(button('Reset to unknown'));
    expect(props.onReset).toHaveBeenCalledTimes(1);
  });

  it('checks in, and shows the check-in time on the practice clock with Undo check-in', () => {
    const first = setup();
    fireEvent.click(first.button('Check in'));
    expect(first.props.onToggleCheckIn).toHaveBeenCalledTimes(1);
    cleanup();
    const second = setup({ attendee: attendee({ checkedInTime: '2031-03-15T17:55:00.000Z' }) });
    expect(second.row.getByText('Checked in at 1:55 PM')).toBeTruthy();
    expect(second.button('Undo check-in')).toBeTruthy();
  });

  it('disables every action while a request runs', () => {
    const { button } = setup({ busy: true });
    for (const name of ['Attended', 'Not attended', 'Check in']) {
      expect(button(name).disabled).toBe(true);
    }
  });

  it.each([
    ['before check-in opens', { canCheckIn: false, canRecordAttendance: false }, []],
    [
      'in the 15 minutes before the start',
      { canCheckIn: true, canRecordAttendance: false },
      ['Check in'],
    ],
    [
      'once the session has started',
      { canCheckIn: true, canRecordAttendance: true },
      ['Check in', 'Attended', 'Not attended'],
    ],
  ])('offers by the time %s: %j', (_when, timing, offered) => {
    const { row } = setup({ timing });
    const names = row.queryAllByRole('button').map((b) => b.textContent);
    expect(names).toEqual(offered);
    expect(row.queryAllByRole('checkbox', { name: 'No-show' })).toHaveLength(
      timing.canRecordAttendance ? 1 : 0,
    );
  });

  it('always offers Undo check-in and Reset to unknown, whatever the time', () => {
    const { row } = setup({
      timing: { canCheckIn: false, canRecordAttendance: false },
      attendee: attendee({
        checkedInTime: '2031-03-15T17:55:00.000Z',
        attended: true,
        attendanceUnknown: false,
      }),
    });
    expect(row.queryAllByRole('button').map((b) => b.textContent)).toEqual([
      'Undo check-in',
      'Reset to unknown',
    ]);
  });

  it('shows no actions to someone who may not change the calendar', () => {
    const { row } = setup({ canChange: false });
    expect(row.queryAllByRole('button')).toEqual([]);
    expect(row.getByText('Not checked in')).toBeTruthy();
  });

  it('offers Write note once the client attended, and Open note once the session has one', () => {
    const first = setup({ attendee: attendee({ attended: true, attendanceUnknown: false }) });
    expect(first.row.getByRole('link', { name: 'Write note' }).getAttribute('href')).toBe(
      '/client/10/records/attendee/11',
    );
    cleanup();
    const second = setup({
      attendee: attendee({
        attended: true,
        attendanceUnknown: false,
        isCharted: true,
        patientChartId: 77,
      }),
      canChange: false,
    });
    expect(second.row.getByRole('link', { name: 'Open note' }).getAttribute('href')).toBe(
      '/client/10/records/notes/77',
    );
    expect(second.row.queryByRole('link', { name: 'Write note' })).toBeNull();
    expect(
      second.row.getByRole('link', { name: 'Add family or collateral note' }).getAttribute('href'),
    ).toBe('/client/10/records/attendee/11?kind=additional');
  });

  it('offers no note while attendance is unknown or the client did not attend', () => {
    const first = setup();
    expect(first.row.queryByRole('link')).toBeNull();
    cleanup();
    const second = setup({
      attendee: attendee({ notAttended: true, attendanceUnknown: false }),
    });
    expect(second.row.queryByRole('link')).toBeNull();
  });
});
