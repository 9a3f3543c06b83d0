import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DISPLAY_TIME_ZONE } from '@symposia/shared';

let counter = 0;

/** A username no other test (or earlier run on the same data directory) has used: ≤ 20 chars. */
export function uniqueUsername(prefix = 'e2e'): string {
  counter += 1;
  const stamp = Date.now().toString(36).slice(-6);
  const random = Math.random().toString(36).slice(2, 6);
  return `${prefix}${stamp}${random}${counter}`.slice(0, 20);
}

export const PASSWORD = 'correct horse battery';

/** Creates an account through the API, as a test precondition rather than the thing tested. */
export async function registerViaApi(
  request: APIRequestContext,
  username: string,
  password = PASSWORD,
): Promise<void> {
  const response = await request.post('/api/v1/auth/register', {
    form: { username, password },
  });
  expect(response.status(), await response.text()).toBe(201);
}

export async function tokenViaApi(
  request: APIRequestContext,
  username: string,
  password = PASSWORD,
): Promise<string> {
  const response = await request.post('/api/v1/auth/token', {
    form: { grant_type: 'password', username, password },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

/** Puts values into localStorage of the app's origin, then leaves the page where it was. */
export async function setLocalStorage(page: Page, values: Record<string, string>): Promise<void> {
  if (page.url() === 'about:blank') await page.goto('/');
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
  }, values);
}

export async function fillAuthForm(
  scope: Page | ReturnType<Page['getByRole']>,
  values: { username: string; password: string; email?: string; phone?: string },
): Promise<void> {
  await scope.getByLabel('Username').fill(values.username);
  await scope.getByLabel('Password').fill(values.password);
  if (values.email !== undefined) await scope.getByLabel('Email').fill(values.email);
  if (values.phone !== undefined) await scope.getByLabel('Phone').fill(values.phone);
}

/** The time as the app must show it: China time, YYYY-MM-DD HH:mm (spec §9). */
export function chinaTime(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: DISPLAY_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/**
 * Waits until a server-rendered page has hydrated (apps/web/src/main.tsx marks <html>): before
 * that, links are followed by the browser itself and a member sees the signed-out view.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 15_000 });
}
