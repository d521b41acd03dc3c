/**
 * The common moves of the end-to-end tests: make a user through the API (as the sign-up screen
 * would), activate them with the e-mailed code, and sign a browser in.
 */
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { lettersTo, waitForCode } from './mail';

/** Must equal the server's CLIENT_TOKEN (the default of both sides). */
export const CLIENT_TOKEN = process.env.E2E_CLIENT_TOKEN ?? 'house1799-web';
const headers = { 'x-client-token': CLIENT_TOKEN };

/** A strong password that satisfies every rule (12+, lower, upper, digit). */
export const DEFAULT_PASSWORD = 'Grodno1799pass';

export interface TestUser {
  email: string;
  password: string;
  firstName: string;
}

/** A fresh e-mail address nobody has used in this run. */
export function uniqueEmail(prefix = 'guest'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

export interface CreateUserOptions {
  email?: string;
  password?: string;
  firstName?: string;
  language?: 'ru' | 'en';
  /** Enter the e-mailed activation code (default true). */
  activate?: boolean;
}

/**
 * Registers a user through the API with its own request context (the browser stays signed out).
 * By default the account is activated with the code from the loopback SMTP server.
 */
export async function createUser(request: APIRequestContext, options: CreateUserOptions = {}): Promise<TestUser> {
  const user: TestUser = {
    email: options.email ?? uniqueEmail(),
    password: options.password ?? DEFAULT_PASSWORD,
    firstName: options.firstName ?? 'Анна',
  };
  const seen = (await lettersTo(user.email)).length;
  const signup = await request.post('/api/v1/auth/signup/', {
    headers,
    data: { first_name: user.firstName, email: user.email, password: user.password, language: options.language ?? 'ru' },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  if (options.activate ?? true) {
    const code = await waitForCode(user.email, seen);
    const activate = await request.post('/api/v1/auth/activate/', { headers, data: { email: user.email, code } });
    expect(activate.status(), await activate.text()).toBe(200);
  }
  // The sign-up signed this request context in; the caller's browser is not affected.
  await request.post('/api/v1/auth/logout/', { headers });
  return user;
}

/** Signs the page's browser context in through the API (the session cookie lands in the context). */
export async function login(page: Page, user: Pick<TestUser, 'email' | 'password'>): Promise<void> {
  const response = await page.request.post('/api/v1/auth/login/', { headers, data: { email: user.email, password: user.password } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Creates an activated user and signs the page in as them. */
export async function createUserAndLogin(page: Page, options: CreateUserOptions = {}): Promise<TestUser> {
  const user = await createUser(page.context().request, options);
  await login(page, user);
  return user;
}
