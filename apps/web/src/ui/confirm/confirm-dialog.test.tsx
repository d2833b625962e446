import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { ConfirmDialogHost } from './confirm-dialog';
import { createConfirmStore, type ConfirmOptions } from './confirm-store';

function setup() {
  const store = createConfirmStore();
  render(<ConfirmDialogHost store={store} />);
  const open = (options: ConfirmOptions) => {
    let answer!: Promise<boolean>;
    act(() => {
      answer = store.open(options);
    });
    return answer;
  };
  return { store, open };
}

function button(name: string): HTMLButtonElement {
  return screen.getByRole<HTMLButtonElement>('button', { name });
}

afterEach(cleanup);

describe('confirm dialog', () => {
  it('shows the title and message with OK and Cancel, and answers true on OK', async () => {
    const { open } = setup();
    const answer = open({ title: 'Delete the note?', message: 'This cannot be undone.' });

    const dialog = screen.getByRole('dialog', { name: 'Delete the note?' });
    expect(dialog.textContent).toContain('This cannot be undone.');
    expect(button('Cancel').disabled).toBe(false);
    fireEvent.click(button('OK'));

    await expect(answer).resolves.toBe(true);
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });

  it('answers false on Cancel', async () => {
    const { open } = setup();
    const answer = open({
      title: 'Leave?',
      message: 'Changes are lost.',
      confirmText: 'Leave',
      cancelText: 'Stay',
    });

    fireEvent.click(button('Stay'));

    await expect(answer).resolves.toBe(false);
  });

  it('enables confirm only once the exact phrase is typed', async () => {
    const { open } = setup();
    const answer = open({
      title: 'Disable the inactivity lock?',
      message: 'Unattended computers will stay signed in.',
      requirePhrase: 'DISABLE',
    });

    const field = screen.getByLabelText('Type DISABLE to confirm');
    expect(button('OK').disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'disable' } });
    expect(button('OK').disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'DISABLE' } });
    expect(button('OK').disabled).toBe(false);
    fireEvent.click(button('OK'));

    await expect(answer).resolves.toBe(true);
  });

  it('disables both buttons while onConfirm runs and closes when it finishes', async () => {
    const { open } = setup();
    let finish!: () => void;
    const answer = open({
      title: 'Send?',
      message: 'Send the statement now.',
      onConfirm: () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    });

    fireEvent.click(button('OK'));
    await waitFor(() => {
      expect(button('OK').disabled).toBe(true);
    });
    expect(button('Cancel').disabled).toBe(true);
    expect(screen.getByRole('dialog')).toBeTruthy();

    await act(async () => {
      finish();
      await answer;
    });
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes and rejects with the error when onConfirm fails', async () => {
    const { open } = setup();
    const answer = open({
      title: 'Send?',
      message: 'Send the statement now.',
      onConfirm: () => Promise.reject(new Error('The server said no.')),
    });

    fireEvent.click(button('OK'));

    await expect(answer).rejects.toThrow('The server said no.');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });

  it('shows queued dialogs one after the other', async () => {
    const { open } = setup();
    const first = open({ title: 'First?', message: 'One.' });
    const second = open({ title: 'Second?', message: 'Two.' });

    expect(screen.getByRole('dialog', { name: 'First?' })).toBeTruthy();
    fireEvent.click(button('OK'));
    await expect(first).resolves.toBe(true);

    expect(await screen.findByRole('dialog', { name: 'Second?' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'First?' })).toBeNull();
    fireEvent.click(button('Cancel'));
    await expect(second).resolves.toBe(false);
  });
});
