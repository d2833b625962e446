import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type {
  getCsrfToken,
  passwordRecentlyVerified,
  verifyPassword,
} from '@openpractice/contracts/identity';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { sessionApiPaths } from '../api';
import { runProtected } from '../use-protected-action';
import {
  VERIFY_PASSWORD_FAILED,
  VERIFY_PASSWORD_INFO,
  VerifyPasswordDialogHost,
} from './verify-password-dialog';

const RIGHT_PASSWORD = 'DemoPass!2026';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** The server: `recentlyVerified` answers the check; the right password is RIGHT_PASSWORD. */
function stubServer(options: { recentlyVerified: boolean; verifyStatus?: number }) {
  const verifyBodies: unknown[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url === '/api/user/csrf') {
      const csrf = { token: 't', headerName: 'x-csrf-token' };
      return Promise.resolve(json(200, csrf satisfies ResponseOf<typeof getCsrfToken>));
    }
    if (url === sessionApiPaths.passwordRecentlyVerified) {
      const answer = { hasRecentlyVerifiedPassword: options.recentlyVerified };
      return Promise.resolve(
        json(200, answer satisfies ResponseOf<typeof passwordRecentlyVerified>),
      );
    }
    if (url === sessionApiPaths.verifyPassword) {
      const body = JSON.parse(init.body as string) as BodyOf<typeof verifyPassword>;
      verifyBodies.push(body);
      if (options.verifyStatus && options.verifyStatus !== 200) {
        return Promise.resolve(
          json(options.verifyStatus, { status: 'error', message: 'The server is unavailable.' }),
        );
      }
      const answer = { verified: body.password === RIGHT_PASSWORD };
      return Promise.resolve(json(200, answer satisfies ResponseOf<typeof verifyPassword>));
    }
    return Promise.resolve(json(404, { status: 'error', message: `No stub for ${url}` }));
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, verifyBodies };
}

function submitButton(): HTMLButtonElement {
  return screen.getByRole<HTMLButtonElement>('button', { name: 'Submit' });
}

function typePassword(value: string) {
  fireEvent.change(screen.getByLabelText('Password'), { target: { value } });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('runProtected with the Verify Password dialog', () => {
  it('runs the action at once when the password was verified recently', async () => {
    stubServer({ recentlyVerified: true });
    render(<VerifyPasswordDialogHost />);
    const action = vi.fn();

    await expect(runProtected(action)).resolves.toBe(true);

    expect(action).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for the password, flags a wrong one, and runs the action after the right one', async () => {
    const { verifyBodies } = stubServer({ recentlyVerified: false });
    render(<VerifyPasswordDialogHost />);
    const action = vi.fn();

    let ran!: Promise<boolean>;
    act(() => {
      ran = runProtected(action);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Verify Password' });
    expect(dialog.textContent).toContain(VERIFY_PASSWORD_INFO);
    expect(submitButton().disabled).toBe(true);

    typePassword('wrong-password');
    expect(screen.getByText('14/128')).toBeTruthy();
    expect(submitButton().disabled).toBe(false);
    fireEvent.click(submitButton());

    expect(await screen.findByText(VERIFY_PASSWORD_FAILED)).toBeTruthy();
    expect(action).not.toHaveBeenCalled();

    typePassword(RIGHT_PASSWORD);
    fireEvent.click(submitButton());

    await expect(ran).resolves.toBe(true);
    expect(action).toHaveBeenCalledTimes(1);
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(verifyBodies).toEqual([{ password: 'wrong-password' }, { password: RIGHT_PASSWORD }]);
  });

  it('does not run the action when the user cancels', async () => {
    stubServer({ recentlyVerified: false });
    render(<VerifyPasswordDialogHost />);
    const action = vi.fn();

    let ran!: Promise<boolean>;
    act(() => {
      ran = runProtected(action);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));

    await expect(ran).resolves.toBe(false);
    expect(action).not.toHaveBeenCalled();
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });

  it('limits the password to 128 characters and shows the server message when verifying fails', async () => {
    stubServer({ recentlyVerified: false, verifyStatus: 503 });
    render(<VerifyPasswordDialogHost />);

    let ran!: Promise<boolean>;
    act(() => {
      ran = runProtected(vi.fn());
    });
    await screen.findByRole('dialog', { name: 'Verify Password' });
    expect(screen.getByLabelText('Password').getAttribute('maxlength')).toBe('128');

    typePassword('anything');
    fireEvent.click(submitButton());

    expect(await screen.findByText('The server is unavailable.')).toBeTruthy();
    expect(screen.queryByText(VERIFY_PASSWORD_FAILED)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(ran).resolves.toBe(false);
  });

  it('passes on the error of an action that fails after verification', async () => {
    stubServer({ recentlyVerified: false });
    render(<VerifyPasswordDialogHost />);

    let ran!: Promise<boolean>;
    act(() => {
      ran = runProtected(() => Promise.reject(new Error('Saving failed.')));
    });
    await screen.findByRole('dialog', { name: 'Verify Password' });
    typePassword(RIGHT_PASSWORD);
    fireEvent.click(submitButton());

    await expect(ran).rejects.toThrow('Saving failed.');
  });
});
