import type { SessionInfo } from '@symposia/shared';
import type { SessionSummary } from '../services/auth/session-service.js';

/** One of the member's sessions (GET /auth/sessions): its id, never its token or token hash. */
export function presentSession(session: SessionSummary): SessionInfo {
  return {
    id: session.id,
    user_agent: session.userAgent,
    ip_address: session.ipAddress,
    created_at: session.createdAt,
    last_used_at: session.lastUsedAt,
    expires_at: session.expiresAt,
    current: session.current,
  };
}
