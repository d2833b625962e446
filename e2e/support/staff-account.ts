import { expect, type APIRequestContext, type Page } from '@playwright/test';

import { signInAs } from './sign-in';

/**
 * A staff account of a spec's own (added by the manager and activated through the API), for
 * specs that change a password: no demo sign-in another spec uses changes.
 */

async function csrfHeader(request: APIRequestContext): Promise<Record<string, string>> {
  const csrf = await request.get('/api/user/csrf');
  const { token, headerName } = (await csrf.json()) as { token: string; headerName: string };
  return { [headerName]: token };
}

/** The link to `path` in the newest email to `address` in the practice's email log. */
export async function emailedLink(
  request: APIRequestContext,
  address: string,
  path: string,
): Promise<string> {
  const response = await request.get('/api/emailMonitoring/outbound', { params: { limit: 200 } });
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: { recipient: string; body: string }[] };
  const body = data.find((mail) => mail.recipient === address)?.body ?? '';
  const pattern = new RegExp(`https?://\\S+${path.replace(/\//g, '\\/')}\\?token=\\S+`);
  const link = pattern.exec(body)?.[0];
  expect(link, `a ${path} link in the email to ${address}`).toBeDefined();
  return link ?? '';
}

/** Signs `manager` in on `page`, adds a biller with `email`, and sets `password` from the invitation. */
export async function activatedStaffAccount(
  manager: Page,
  email: string,
  password: string,
): Promise<void> {
  await signInAs(manager, 'manager');
  const added = await manager.request.post('/api/practice/staff', {
    data: { firstName: 'Fay', lastName: 'Forgetful', email, authorities: ['customer.biller'] },
    headers: await csrfHeader(manager.request),
  });
  expect(added.ok(), await added.text()).toBe(true);
  const activation = new URL(await emailedLink(manager.request, email, '/n/public/staff/activate'));
  const activated = await manager.request.post('/api/public/staff/setPassword', {
    data: { token: activation.searchParams.get('token'), password },
    headers: await csrfHeader(manager.request),
  });
  expect(activated.ok(), await activated.text()).toBe(true);
}
