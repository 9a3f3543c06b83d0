import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { multipart, type UploadFile } from './helpers.js';

/*
 * Members of a server reached over HTTP (a spawned server process, a cluster's API processes), by
 * base URL: registered, signed in, uploading, as a browser would.
 */

export interface Member {
  username: string;
  password: string;
  token: string;
  headers: { authorization: string };
}

/** A password no common-password list holds: 16 random URL-safe characters. */
export function strongPassword(): string {
  return `Sy-${randomBytes(12).toString('base64url')}`;
}

export function uniqueName(prefix = 'm'): string {
  return `${prefix}${randomBytes(6).toString('hex')}`.slice(0, 20);
}

/** POST `path` with a form-encoded body. */
export function postForm(
  base: string,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${base}${path}`, { method: 'POST', headers, body: new URLSearchParams(fields) });
}

/** Signs in at `base` and returns the access token; fails the test on any other answer. */
export async function signInAt(
  base: string,
  credentials: { username: string; password: string },
): Promise<string> {
  const response = await postForm(base, '/api/v1/auth/token', {
    grant_type: 'password',
    ...credentials,
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return (JSON.parse(text) as { access_token: string }).access_token;
}

/** Registers a member with a strong password at `registerAt` and signs in at `signInAt`. */
export async function registerAt(
  registerBase: string,
  signInBase = registerBase,
  prefix = 'm',
): Promise<Member> {
  const credentials = { username: uniqueName(prefix), password: strongPassword() };
  const response = await postForm(registerBase, '/api/v1/auth/register', credentials);
  expect(response.status, await response.text()).toBe(201);
  const token = await signInAt(signInBase, credentials);
  return { ...credentials, token, headers: { authorization: `Bearer ${token}` } };
}

/** POST /api/v1/media/upload as a browser's FormData sends it; returns status and body. */
export async function uploadAt(
  base: string,
  member: Member,
  fields: Record<string, string>,
  files: UploadFile[],
): Promise<{ status: number; body: string }> {
  const body = multipart(fields, files);
  const response = await fetch(`${base}/api/v1/media/upload`, {
    method: 'POST',
    headers: { ...member.headers, ...body.headers },
    body: body.payload,
  });
  return { status: response.status, body: await response.text() };
}

/** Uploads a post at `base` and returns its id; fails the test on any other answer than 201. */
export async function publishAt(
  base: string,
  member: Member,
  fields: Record<string, string>,
  files: UploadFile[],
): Promise<string> {
  const answer = await uploadAt(base, member, fields, files);
  expect(answer.status, answer.body).toBe(201);
  return (JSON.parse(answer.body) as { post_id: string }).post_id;
}
