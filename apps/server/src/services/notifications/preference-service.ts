import {
  MESSAGES,
  type Language,
  type NotificationPreferences as PreferencesBody,
  type UnsubscribeTopic,
} from '@symposia/shared';
import { preferencesView } from '../../domain/notification-preferences.js';
import type { User } from '../../domain/user.js';
import { BoundedMap } from '../../lib/bounded-map.js';
import type { NotificationPreferencesRepository } from '../../repositories/index.js';
import type { Clock } from '../clock.js';
import { InvalidInputError } from '../errors.js';
import type { UnsubscribeLinks } from './unsubscribe-links.js';

export type NotificationPreferenceService = ReturnType<typeof createNotificationPreferenceService>;

/** A member is written as seen at most this often by one process (their requests in between are not). */
const SEEN_RESOLUTION_MS = 60_000;
/** Members one process remembers having written; more only means a few more writes. */
const SEEN_REMEMBERED = 10_000;

const invalidLink = () =>
  new InvalidInputError([{ field: 'token', message: MESSAGES.unsubscribeLinkInvalid }]);

/**
 * Notification preferences as a whole (issue 30: the bell and email per kind, the digest), the
 * one-click unsubscribe of the links in messages, and when members were last seen on the site —
 * which immediate emails and the digest ask before they go.
 */
export function createNotificationPreferenceService(deps: {
  preferences: NotificationPreferencesRepository;
  links: UnsubscribeLinks;
  now: Clock;
}) {
  const { preferences, links, now } = deps;
  /** Member → when this process last wrote them seen (ms) and in which language. */
  const written = new BoundedMap<string, { at: number; language: Language | null }>(
    SEEN_REMEMBERED,
  );

  return {
    async get(user: User): Promise<PreferencesBody> {
      return preferencesView(await preferences.preferences(user.id));
    },

    /** Saves every kind's choices and the digest at once; answers with what is stored. */
    async save(user: User, wanted: PreferencesBody): Promise<PreferencesBody> {
      return preferencesView(await preferences.save(user.id, wanted));
    },

    /**
     * What a signed unsubscribe token names, without changing anything (a mail scanner may open
     * the link): null for a token the server did not sign.
     */
    async topicOf(token: string): Promise<UnsubscribeTopic | null> {
      return (await links.verify(token))?.topic ?? null;
    },

    /**
     * One-click unsubscribe (RFC 8058): turns off what the token names — a kind's email, or the
     * digest — for its member. InvalidInputError (field `token`) for a token the server did not
     * sign or a member who is gone.
     */
    async unsubscribe(token: string): Promise<UnsubscribeTopic> {
      const named = await links.verify(token);
      if (!named) throw invalidLink();
      if (!(await preferences.turnOff(named.userId, named.topic))) throw invalidLink();
      return named.topic;
    },

    /**
     * The member was seen on the site now (an authenticated request; `language`, what it asked
     * for, null when it said nothing). Written at most once a minute per member by this process,
     * sooner when the language changed; a failure to write loses one look, never the request.
     * Undefined when there is nothing to write: every signed-in request asks, most need no promise.
     */
    seen(userId: string, language: Language | null): Promise<void> | undefined {
      const at = now().getTime();
      const last = written.get(userId);
      const languageMoved = language !== null && language !== last?.language;
      if (last && at - last.at < SEEN_RESOLUTION_MS && !languageMoved) return undefined;
      // Set anew, so the members forgotten first are those written longest ago.
      written.delete(userId);
      written.set(userId, { at, language: language ?? last?.language ?? null });
      return preferences.markSeen(userId, new Date(at).toISOString(), language).then(
        () => undefined,
        () => {
          written.delete(userId);
        },
      );
    },
  };
}
