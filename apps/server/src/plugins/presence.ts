import fp from 'fastify-plugin';
import { mailLanguageOf, type Services } from '../services/index.js';

/**
 * When members were last seen on the site (issue 30): each authenticated request marks its
 * member seen, in the language it asked for (Accept-Language, which the web app sets to the
 * reader's choice; a request without one says nothing of it). The service writes it at most once
 * a minute per member; immediate notification emails and the digest go only to members away.
 * Registered after the auth plugin, whose onRequest hook sets the member first.
 */
export const presencePlugin = fp<{ preferences: Services['notificationPreferences'] }>(
  async (app, { preferences }) => {
    // A callback hook, not an async one: most requests are anonymous or were seen within the
    // minute, and wait for nothing.
    app.addHook('onRequest', (request, _reply, done) => {
      if (!request.user) return done();
      const accepted = request.headers['accept-language'];
      const writing = preferences.seen(request.user.id, accepted ? mailLanguageOf(accepted) : null);
      if (writing) writing.then(() => done(), done);
      else done();
    });
  },
  { name: 'presence', dependencies: ['auth'] },
);
