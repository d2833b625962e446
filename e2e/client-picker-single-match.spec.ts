import { expect, test } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { createClientByApi } from './support/client-api';
import { uniqueSuffix } from './support/clients';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/**
 * The scheduling dialog's client field (spec-1 §4: a single client search
 * result is auto-selected; issue 15: no wrong-client lock-in). The only match
 * for the settled text is chosen, said in the live region, and undone with
 * Change, Escape or by typing on; nothing is booked.
 */

test.describe.configure({ timeout: 90_000 });

test.describe('client picker: the only match', () => {
  test('is chosen and announced, and Change, Escape or typing on undoes it', async ({ page }) => {
    const errors = collectPageErrors(page);
    await signInAs(page, 'scheduler');
    const lastName = `Pick${uniqueSuffix()}`;
    await createClientByApi(page, { firstName: 'Juno', lastName, therapist: 'Theresa Quinn' });
    await createClientByApi(page, { firstName: 'Jules', lastName, therapist: 'Theresa Quinn' });

    await page.goto('/n/schedule?new=appointment');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'New appointment' })).toBeVisible();
    const search = dialog.getByRole('combobox', { name: 'Client' });
    const chosen = dialog.getByRole('textbox', { name: 'Client' });
    const status = dialog.getByRole('status').filter({ hasText: 'the only match' });

    // Two clients share the last name: nothing is chosen for them.
    await search.fill(lastName);
    await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(2);
    await expect(chosen).toHaveCount(0);

    // One more letter of the first name: the only match, chosen and said.
    await search.fill(`${lastName} Jun`);
    await expect(chosen).toHaveValue(`Juno ${lastName}`);
    await expect(status).toHaveText(`Selected Juno ${lastName}, the only match.`);
    await expectNoSeriousA11yViolations(page);

    // Change: back to what was typed, which does not choose again by itself.
    await dialog.getByRole('button', { name: 'Change', exact: true }).click();
    await expect(search).toHaveValue(`${lastName} Jun`);
    await expect(search).toBeFocused();
    await page.waitForTimeout(1500);
    await expect(chosen).toHaveCount(0);

    // Typing on searches again; Escape undoes that choice without closing the dialog.
    await search.press('o');
    await expect(chosen).toHaveValue(`Juno ${lastName}`);
    await expect(chosen).toBeFocused();
    await chosen.press('Escape');
    await expect(dialog).toBeVisible();
    await expect(search).toHaveValue(`${lastName} Juno`);

    // On a phone too.
    await page.setViewportSize({ width: 375, height: 800 });
    await search.fill(`${lastName} Ju`);
    await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(2);
    await search.press('n');
    await expect(chosen).toHaveValue(`Juno ${lastName}`);
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
  });
});
