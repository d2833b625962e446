import type { ErrorEnvelope, ResponseOf } from '@openpractice/contracts';
import type {
  acceptPhotoIdVersion,
  analyzePhotoId,
  applyPhotoIdAnalysis,
  getPhotoIdAnalysisStatus,
  getPhotoIdVersion,
} from '@openpractice/contracts/clients/profile/photo-id';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiPaths } from '../../../../config/paths';
import { ConfirmDialogHost } from '../../../../ui/confirm/confirm-dialog';
import type { ClientProfile } from '../api/profile';
import { PhotoIdTab } from './photo-id-tab';

const paths = apiPaths.clientProfile;

const PROFILE = {
  patientId: 1002,
  isGroup: false,
  basicDetails: {
    firstName: 'Margaret',
    nickName: null,
    middleName: null,
    lastName: 'Hamilton',
    gender: null,
    claimGender: null,
    dob: '1985-06-15',
    maritalStatus: null,
    employer: null,
    employmentType: null,
    userNumber: 'C000001002',
  },
  photoIdS3Url: '/api/storage/file/abc.def',
} satisfies ClientProfile;

/** What the service read: a new last name and date of birth, no address. */
const READ_VALUES = {
  firstName: 'Margaret',
  middleName: null,
  lastName: 'Smith',
  dob: '1985-06-16',
  addressLine1: null,
  city: null,
  state: null,
  zipcode: null,
};

const READING = {
  analysis: READ_VALUES,
  proposedChanges: {
    name: {
      current: { firstName: 'Margaret', middleName: null, lastName: 'Hamilton' },
      proposed: { firstName: 'Margaret', middleName: null, lastName: 'Smith' },
    },
    dob: { current: '1985-06-15', proposed: '1985-06-16' },
  },
} satisfies ResponseOf<typeof analyzePhotoId>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** The server as the tab sees it. */
function stubServer(options: {
  available: boolean;
  analyze?: () => Response;
  apply?: () => Response;
  version?: ResponseOf<typeof getPhotoIdVersion>['version'];
}) {
  const applied: unknown[] = [];
  let version = options.version ?? null;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const path = url.split('?')[0] ?? '';
      const answer = (body: unknown, status = 200) => Promise.resolve(json(status, body));
      if (path === apiPaths.csrf) return answer({ token: 't', headerName: 'x-csrf-token' });
      if (path === paths.photoIdAnalysisStatus)
        return answer(
          (options.available
            ? { available: true, message: null }
            : {
                available: false,
                message: 'Photo ID analysis is not set up for this practice.',
              }) satisfies ResponseOf<typeof getPhotoIdAnalysisStatus>,
        );
      if (path === paths.analyzePhotoId)
        return Promise.resolve(options.analyze?.() ?? json(200, READING));
      if (path === paths.photoIdVersion)
        return answer({ version } satisfies ResponseOf<typeof getPhotoIdVersion>);
      if (path === paths.acceptPhotoIdVersion || path === paths.rejectPhotoIdVersion) {
        applied.push({ path, ...JSON.parse(typeof init.body === 'string' ? init.body : '{}') });
        version = null;
        return answer({ status: 'saved' } satisfies ResponseOf<typeof acceptPhotoIdVersion>);
      }
      if (path === paths.applyPhotoIdAnalysis) {
        applied.push(JSON.parse(typeof init.body === 'string' ? init.body : '{}'));
        return Promise.resolve(
          options.apply?.() ??
            json(200, {
              status: 'saved',
              applied: ['dob'],
            } satisfies ResponseOf<typeof applyPhotoIdAnalysis>),
        );
      }
      return answer({});
    }),
  );
  return applied;
}

function renderTab(profile: ClientProfile = PROFILE) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider>
        <PhotoIdTab profile={profile} />
        <ConfirmDialogHost />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PhotoIdTab: reading details from the photo ID', () => {
  it('without an analysis service, the button is disabled and says why', async () => {
    stubServer({ available: false });
    renderTab();
    const explanation = await screen.findByText(
      'Photo ID analysis is not set up for this practice.',
    );
    const button = screen.getByRole('button', { name: 'Read details from photo ID' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe(explanation.id);
  });

  it('is not offered without a photo', async () => {
    stubServer({ available: true });
    renderTab({ ...PROFILE, photoIdS3Url: null });
    expect(await screen.findByText('No photo ID.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Read details from photo ID' })).toBeNull();
  });

  it('shows current → new and writes only the chosen details', async () => {
    const applied = stubServer({ available: true });
    renderTab();
    const button = screen.getByRole('button', { name: 'Read details from photo ID' });
    await waitFor(() => {
      expect(button.hasAttribute('disabled')).toBe(false);
    });
    fireEvent.click(button);

    const dialog = await screen.findByRole('dialog', { name: 'Details read from the photo ID' });
    const rows = within(dialog).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'UpdateDetailOn the record nowOn the photo ID',
      'NameMargaret HamiltonMargaret Smith',
      'Date of birth06/15/198506/16/1985',
    ]);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Update name' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update record' }));

    expect(await screen.findByText('Profile updated.')).toBeTruthy();
    expect(applied).toEqual([{ patientId: 1002, parts: ['dob'] }]);
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });

  it('cannot update with nothing chosen', async () => {
    stubServer({ available: true });
    renderTab();
    const button = screen.getByRole('button', { name: 'Read details from photo ID' });
    await waitFor(() => {
      expect(button.hasAttribute('disabled')).toBe(false);
    });
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Details read from the photo ID' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Update name' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Update date of birth' }));
    expect(within(dialog).getByText('Choose at least one detail to update.')).toBeTruthy();
    expect(
      within(dialog).getByRole('button', { name: 'Update record' }).hasAttribute('disabled'),
    ).toBe(true);
  });

  it('says when the photo ID matches the record', async () => {
    stubServer({
      available: true,
      analyze: () =>
        json(200, {
          analysis: { ...READ_VALUES, lastName: 'Hamilton', dob: '1985-06-15' },
          proposedChanges: {},
        } satisfies ResponseOf<typeof analyzePhotoId>),
    });
    renderTab();
    const button = screen.getByRole('button', { name: 'Read details from photo ID' });
    await waitFor(() => {
      expect(button.hasAttribute('disabled')).toBe(false);
    });
    fireEvent.click(button);
    expect(
      await screen.findByText('The photo ID matches the profile: nothing to update.'),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([
    [502, 'We could not read the photo ID. Please try again.'],
    [404, 'This client has no photo ID. Upload one first.'],
  ])('says why reading failed (%i)', async (status, message) => {
    stubServer({
      available: true,
      analyze: () => json(status, { status: 'error', message } satisfies ErrorEnvelope),
    });
    renderTab();
    const button = screen.getByRole('button', { name: 'Read details from photo ID' });
    await waitFor(() => {
      expect(button.hasAttribute('disabled')).toBe(false);
    });
    fireEvent.click(button);
    expect(await screen.findByText(`Unable to read the photo ID. ${message}`)).toBeTruthy();
  });

  it('says why updating failed, and keeps the dialog open', async () => {
    const message =
      'Read the details from the current photo ID first (the photo has changed or was never read).';
    stubServer({
      available: true,
      apply: () => json(409, { status: 'error', message } satisfies ErrorEnvelope),
    });
    renderTab();
    const button = screen.getByRole('button', { name: 'Read details from photo ID' });
    await waitFor(() => {
      expect(button.hasAttribute('disabled')).toBe(false);
    });
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Details read from the photo ID' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update record' }));
    expect(
      await screen.findByText(`Unable to update the profile from the photo ID. ${message}`),
    ).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Details read from the photo ID' })).toBeTruthy();
  });
});

describe('PhotoIdTab: a new photo ID from the client', () => {
  const VERSION_TITLE = 'A new photo ID was uploaded by the client';
  const VERSION = {
    versionId: 41,
    origin: 'client',
    uploadedAt: '2026-03-02T10:00:00.000Z',
    url: '/api/storage/file/new.version',
  } satisfies ResponseOf<typeof getPhotoIdVersion>['version'];

  it('shows the waiting version beside the current photo; Accept sends the decision', async () => {
    const decided = stubServer({ available: true, version: VERSION });
    renderTab();
    const notice = await screen.findByRole('region', { name: VERSION_TITLE });
    expect(within(notice).getByRole('img').getAttribute('src')).toBe(VERSION.url);
    // The current photo is still the one shown as the photo ID.
    expect(
      screen.getByRole('img', { name: 'Photo ID of Margaret Hamilton' }).getAttribute('src'),
    ).toBe(PROFILE.photoIdS3Url);
    fireEvent.click(within(notice).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('The new photo ID replaces the old one.')).toBeTruthy();
    expect(decided).toEqual([{ path: paths.acceptPhotoIdVersion, patientId: 1002, versionId: 41 }]);
    await waitFor(() => {
      expect(screen.queryByRole('region', { name: VERSION_TITLE })).toBeNull();
    });
  });

  it('Reject asks first, then removes it', async () => {
    const decided = stubServer({ available: true, version: VERSION });
    renderTab();
    const notice = await screen.findByRole('region', { name: VERSION_TITLE });
    fireEvent.click(within(notice).getByRole('button', { name: 'Reject' }));
    let dialog = await screen.findByRole('dialog', { name: 'Reject the new photo ID?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(decided).toEqual([]);
    fireEvent.click(within(notice).getByRole('button', { name: 'Reject' }));
    dialog = await screen.findByRole('dialog', { name: 'Reject the new photo ID?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('The new photo ID was rejected and removed.')).toBeTruthy();
    expect(decided).toEqual([{ path: paths.rejectPhotoIdVersion, patientId: 1002, versionId: 41 }]);
  });

  it('shows nothing when no version waits', async () => {
    stubServer({ available: true });
    renderTab();
    await screen.findByRole('button', { name: 'Read details from photo ID' });
    expect(screen.queryByRole('region', { name: VERSION_TITLE })).toBeNull();
  });
});
