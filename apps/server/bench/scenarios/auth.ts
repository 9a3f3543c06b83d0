import { signUp } from './client.js';
import type { Scenario } from './types.js';

export const authScenario: Scenario = {
  name: 'auth',
  description: 'an authenticated read: bearer token lookup (session + user in one query)',
  prepare: async ({ baseUrl }) => {
    const user = await signUp(baseUrl, 'bench_user');
    return [
      {
        name: 'GET /api/v1/auth/me',
        path: '/api/v1/auth/me',
        headers: { authorization: `Bearer ${user.token}` },
      },
    ];
  },
};
