import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Changes through the API with the page's session and CSRF token, for specs
 * that need a record of their own before they open it in the browser.
 */

async function csrfHeader(request: APIRequestContext): Promise<Record<string, string>> {
  const csrf = await request.get('/api/user/csrf');
  expect(csrf.ok()).toBe(true);
  const { token, headerName } = (await csrf.json()) as { token: string; headerName: string };
  return { [headerName]: token };
}

/** The id of a demo therapist of the signed-in practice by name ('Theresa Quinn'). */
export async function therapistIdByName(request: APIRequestContext, name: string): Promise<number> {
  const response = await request.get('/api/practice/listTherapists');
  expect(response.ok()).toBe(true);
  const rows = (
    (await response.json()) as {
      data: { id: number; practitionerFirstName: string; practitionerLastName: string }[];
    }
  ).data;
  const found = rows.find((r) => `${r.practitionerFirstName} ${r.practitionerLastName}` === name);
  expect(found, `therapist ${name}`).toBeDefined();
  return found?.id ?? 0;
}

/** Adds a client with one therapist; returns its id. */
export async function createClientByApi(
  page: Page,
  client: { firstName: string; lastName: string; therapist: string },
): Promise<number> {
  const response = await page.request.post('/api/patient/addNewPatientForTherapists', {
    data: {
      firstName: client.firstName,
      lastName: client.lastName,
      therapistIds: [await therapistIdByName(page.request, client.therapist)],
    },
    headers: await csrfHeader(page.request),
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { patientId: number }).patientId;
}

/** Adds an address to a client (the first one becomes the default). */
export async function addAddressByApi(
  page: Page,
  clientId: number,
  address: {
    addressLine1: string;
    addressLine2?: string;
    city: string;
    state: string;
    zipcode: string;
  },
): Promise<void> {
  const response = await page.request.post('/api/patient/saveAddress', {
    data: { userId: clientId, ...address, isDefault: true },
    headers: await csrfHeader(page.request),
  });
  expect(response.ok(), await response.text()).toBe(true);
}
