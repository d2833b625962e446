import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Client pages as a browser sees them (under the /n/ base). */
export const clientUrl = {
  allClients: '/n/client/allClients',
  myClients: '/n/client/myClients',
  newClients: '/n/client/newClients',
  newClient: '/n/client/new',
  /** A client's record: `/n/client/{id}`. */
  profile: /\/n\/client\/(\d+)$/,
  activate: '/n/public/activate',
} as const;

/** The demo practice's therapists (apps/server/src/seed/demo-cast.ts), by user. */
export const demoTherapists = {
  therapist1: 'Theresa Quinn',
  therapist2: 'Daniel Okafor',
  therapist3: 'Priya Raman',
  therapist4: 'Samuel Ortiz',
} as const;

/** Unique per call within a run, for names and email addresses the demo does not hold. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/** Picks `names` in a multi-select combobox (e.g. 'Therapists') and closes its list. */
export async function chooseOptions(page: Page, label: string, names: string[]): Promise<void> {
  const box = page.getByRole('combobox', { name: label });
  for (const name of names) {
    await box.click();
    await box.fill(name);
    await page.getByRole('option', { name }).click();
  }
  await box.press('Escape');
}

/** The client id from the profile address the page is on. */
export function clientIdFromUrl(url: string): number {
  const match = clientUrl.profile.exec(new URL(url).pathname);
  expect(match, `a client profile address: ${url}`).not.toBeNull();
  return Number(match?.[1]);
}

export interface LoggedEmail {
  recipient: string;
  subject: string;
  status: string;
  body: string | null;
}

/** The client's outbound emails, newest first (`request` must be a manager's session). */
export async function emailsOf(
  request: APIRequestContext,
  clientId: number,
): Promise<LoggedEmail[]> {
  const response = await request.get('/api/emailMonitoring/outbound', {
    params: { clientId },
  });
  expect(response.ok(), 'read the email log').toBe(true);
  return ((await response.json()) as { data: LoggedEmail[] }).data;
}
