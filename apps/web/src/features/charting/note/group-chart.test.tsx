import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';

import { noteFixture } from '../note-fixture';
import { GroupChart } from './group-chart';

afterEach(cleanup);

const group = {
  groupNoteId: 40,
  groupPatientId: 90,
  groupName: 'Tuesday Anxiety Group',
  statusConstant: 'chartstatus.partially.locked',
  members: [
    {
      noteId: 12,
      patientId: 55,
      clientName: 'Ivy Testwell',
      status: 'locked' as const,
      statusConstant: 'chartstatus.locked',
    },
    {
      noteId: 13,
      patientId: 56,
      clientName: 'Omar Quill',
      status: 'draft' as const,
      statusConstant: null,
    },
  ],
};

describe('a group session’s chart on the note page', () => {
  it('shows the group’s status, the group note and each member’s part, marking the one shown', () => {
    render(
      <MemoryRouter>
        <GroupChart note={noteFixture({ noteId: 12, group })} group={group} />
      </MemoryRouter>,
    );
    const region = screen.getByRole('region', { name: 'Group session: Tuesday Anxiety Group' });
    expect(within(region).getByText('Group chart: Partially locked')).toBeTruthy();
    expect(within(region).getByRole('link', { name: 'Group note' }).getAttribute('href')).toBe(
      '/client/90/records/notes/40',
    );
    const parts = within(region).getByRole('list', { name: "Members' parts" });
    expect(
      within(parts)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ivy Testwell (this note) — Signed and locked', 'Omar Quill — To be completed']);
    expect(within(parts).getByRole('link', { name: 'Omar Quill' }).getAttribute('href')).toBe(
      '/client/56/records/notes/13',
    );
  });
});
