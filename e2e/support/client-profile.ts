import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** The id of a demo client found by search (`request` must be a staff session that may search all). */
export async function clientIdByName(
  request: APIRequestContext,
  search: string,
  name: { firstName: string; lastName: string },
): Promise<number> {
  const response = await request.get('/api/patient/findPatients', {
    params: { context: 'all', search },
  });
  expect(response.ok(), `search for ${search}`).toBe(true);
  const body = (await response.json()) as {
    data: { user_id: number; patient_first_name: string; patient_last_name: string }[];
  };
  const row = body.data.find(
    (r) => r.patient_first_name === name.firstName && r.patient_last_name === name.lastName,
  );
  expect(row, `${name.firstName} ${name.lastName} in the search results`).toBeDefined();
  return row?.user_id ?? 0;
}

export const MARGARET = { firstName: 'Margaret', lastName: 'Hamilton' } as const;

/** A client's profile address, optionally on one tab. */
export function profileUrl(clientId: number, tab?: string): string {
  return `/n/client/${clientId}${tab ? `?tab=${tab}` : ''}`;
}

/** The open tab's panel. */
export function tabPanel(page: Page): Locator {
  return page.getByRole('tabpanel');
}

/** Opens a tab by its name and waits until its content has loaded. */
export async function openTab(page: Page, name: string): Promise<Locator> {
  await page.getByRole('tablist', { name: 'Client record' }).getByRole('tab', { name }).click();
  const panel = tabPanel(page);
  await expect(panel.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(panel.getByRole('progressbar')).toHaveCount(0);
  return panel;
}

/** The snackbar showing `message` (with its action button, if any). */
export function toast(page: Page, message: string | RegExp): Locator {
  // Two saves within a toast's 3 s leave two identical toasts; either proves the save.
  return page.getByRole('alert').filter({ hasText: message }).last();
}

/** A 1×1 transparent PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
