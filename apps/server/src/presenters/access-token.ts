import type { TokenResponse } from '@symposia/shared';
import type { IssuedToken } from '../services/auth/session-service.js';

/** A session's token as the token endpoint answers it (RFC 6749 §5.1), and sign-in with ORCID. */
export function presentAccessToken(issued: IssuedToken): TokenResponse {
  return {
    access_token: issued.accessToken,
    token_type: 'bearer',
    expires_in: issued.expiresInSeconds,
  };
}
