/**
 * Staff accounts of the end-to-end run (issue 49): an activated account, then given its roles by
 * the superuser through the API (admin/staff/), as /admin/users does.
 */
import { expect, type Browser } from '@playwright/test';
import type { StaffRole } from '@hotel/domain';
import { SUPERUSER } from './admin';
import { CLIENT_TOKEN, createUser, uniqueEmail, type TestUser } from './users';

const headers = { 'x-client-token': CLIENT_TOKEN };

/** A new activated account holding these roles (in a context of its own; the caller's browser stays signed out). */
export async function createStaff(browser: Browser, baseURL: string, roles: StaffRole[], firstName = 'Ирина'): Promise<TestUser> {
  const context = await browser.newContext({ baseURL });
  try {
    const user = await createUser(context.request, { email: uniqueEmail(roles.join('-')), firstName });
    const signedIn = await context.request.post('/api/v1/auth/login/', { headers, data: SUPERUSER });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    const given = await context.request.post('/api/v1/admin/staff/', { headers, data: { email: user.email, roles } });
    expect(given.status(), await given.text()).toBe(201);
    return user;
  } finally {
    await context.close();
  }
}
