/** The few API calls the scenarios prepare their data with, over real HTTP. */

export async function postJson(
  baseUrl: string,
  path: string,
  fields?: Record<string, string>,
  method: 'GET' | 'POST' = 'POST',
  headers: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: fields ? { 'content-type': 'application/x-www-form-urlencoded', ...headers } : headers,
    body: fields ? new URLSearchParams(fields) : undefined,
  });
  if (!response.ok) {
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  }
  return response.json() as Promise<Record<string, unknown>>;
}

export interface BenchUser {
  id: string;
  username: string;
  token: string;
}

export const BENCH_PASSWORD = 'bench password 1234';

/** Registers and signs in a member. */
export async function signUp(baseUrl: string, username: string): Promise<BenchUser> {
  const user = await postJson(baseUrl, '/api/v1/auth/register', {
    username,
    password: BENCH_PASSWORD,
  });
  const token = await postJson(baseUrl, '/api/v1/auth/token', {
    grant_type: 'password',
    username,
    password: BENCH_PASSWORD,
  });
  return { id: String(user.id), username, token: String(token.access_token) };
}

/** Publishes a post with one small file; returns the post id and the file's CID. */
export async function uploadFile(
  baseUrl: string,
  token: string,
  name: string,
  content: string,
): Promise<{ postId: string; cid: string }> {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'text/plain' }), name);
  const response = await fetch(`${baseUrl}/api/v1/media/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  const { post_id: postId } = (await response.json()) as { post_id: string };
  const detail = await postJson(baseUrl, `/api/v1/media/${postId}`, undefined, 'GET', {
    authorization: `Bearer ${token}`,
  });
  const files = detail.files as { cid: string }[];
  return { postId, cid: files[0]?.cid ?? '' };
}
