import { useMutation } from '@tanstack/react-query';
import type { CurrentUser, RegisterBody } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';
import { signIn } from './login';

/** POST /auth/register (form); optional fields left empty are not sent. */
export function registerUser(body: RegisterBody): Promise<CurrentUser> {
  return api.post('/auth/register', body, {
    schema: contract('currentUserSchema'),
    loginPrompt: false,
  });
}

/** The account exists, but signing in with it right after failed. */
export class SignInAfterRegisterError extends Error {
  override readonly name = 'SignInAfterRegisterError';
  constructor(readonly reason: unknown) {
    super('The account was created, but signing in failed', { cause: reason });
  }
}

/** Registering signs the new member in at once (spec §4 Auth). */
export async function registerAndSignIn(body: RegisterBody): Promise<CurrentUser> {
  await registerUser(body);
  try {
    return await signIn({ username: body.username, password: body.password });
  } catch (error) {
    throw new SignInAfterRegisterError(error);
  }
}

export function useRegister() {
  return useMutation({ mutationFn: registerAndSignIn });
}
