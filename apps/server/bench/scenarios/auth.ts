import type { Scenario } from './types.js';

const USERNAME = 'bench_user';
const PASSWORD = 'bench password 1234';

async function post(baseUrl: string, path: string, fields: Record<string, string>) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  if (!response.ok)
    throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

export const authScenario: Scenario = {
  name: 'auth',
  description: 'an authenticated read: bearer token lookup (session + user in one query)',
  prepare: async ({ baseUrl }) => {
    await post(baseUrl, '/api/v1/auth/register', { username: USERNAME, password: PASSWORD });
    const token = await post(baseUrl, '/api/v1/auth/token', {
      grant_type: 'password',
      username: USERNAME,
      password: PASSWORD,
    });
    return [
      {
        name: 'GET /api/v1/auth/me',
        path: '/api/v1/auth/me',
        headers: { authorization: `Bearer ${String(token.access_token)}` },
      },
    ];
  },
};
