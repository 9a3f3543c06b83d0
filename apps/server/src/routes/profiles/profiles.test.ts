import {
  MESSAGES,
  SETTINGS_FIELDS,
  type AuthorInfo,
  type CurrentUser,
  type PostListItem,
} from '@symposia/shared';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  describeEachDatabase,
  form,
  multipart,
  PNG_1X1,
  pngClaiming,
  signedInUser,
  uploadPost,
  type TestApp,
  errorBody,
} from '../../../test/helpers.js';

type Headers = Record<string, string>;

function modify(
  app: FastifyInstance,
  call: string,
  headers: Headers,
  fields: Record<string, string>,
) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/modify/${call}`,
    ...withHeaders(form(fields), headers),
  });
}

function withHeaders(body: { headers: Headers; payload: string | Buffer }, headers: Headers) {
  return { headers: { ...headers, ...body.headers }, payload: body.payload };
}

function uploadAvatar(
  app: FastifyInstance,
  headers: Headers,
  userId: string,
  file: { name: string; content: Buffer | string; type?: string },
) {
  const body = multipart({ user_id: userId }, [{ field: 'new_avatar', ...file }]);
  return app.inject({
    method: 'POST',
    url: '/api/v1/modify/modify_avatar',
    ...withHeaders(body, headers),
  });
}

async function userRow(testApp: TestApp, id: string) {
  return testApp.app.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function author(app: FastifyInstance, id: string, headers: Headers) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/auth/person_information?user_id=${id}`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuthorInfo>();
}

describeEachDatabase('profiles API', (db) => {
  describe('the /modify calls', () => {
    const EVERY_CALL: [string, Record<string, string>][] = [
      ['modify_title', { new_title: 'Hijacked' }],
      ['modify_bio', { new_bio: 'Hijacked' }],
      ['modify_url', { new_url: 'https://evil.example' }],
      ['modify_email', { new_email: 'evil@example.org' }],
      ['modify_phone', { new_phone: '+1 555 0100' }],
      ['modify_profile', { username: 'hijacked' }],
      ['modify_settings', { new_public_contact: 'true' }],
    ];

    it("refuses every call naming someone else's user_id with 403 and changes nothing", async () => {
      const testApp = await db.buildApp();
      const { app } = testApp;
      const ada = await signedInUser(app);
      const bob = await signedInUser(app);
      const before = await userRow(testApp, ada.user.id);
      for (const [call, fields] of EVERY_CALL) {
        const response = await modify(app, call, bob.headers, { user_id: ada.user.id, ...fields });
        expect(response.statusCode, call).toBe(403);
        expect(response.json()).toEqual(errorBody(MESSAGES.notYourProfile));
      }
      const avatar = await uploadAvatar(app, bob.headers, ada.user.id, {
        name: 'a.png',
        content: PNG_1X1,
      });
      expect(avatar.statusCode).toBe(403);
      expect(await userRow(testApp, ada.user.id)).toEqual(before);
    });

    it('answers 401 without a session', async () => {
      const { app } = await db.buildApp();
      for (const [call, fields] of EVERY_CALL) {
        expect((await modify(app, call, {}, fields)).statusCode, call).toBe(401);
      }
    });

    it('changes each field of the caller and answers the updated user', async () => {
      const { app } = await db.buildApp();
      const ada = await signedInUser(app);
      const own = { user_id: ada.user.id };
      const cases: [string, Record<string, string>, Partial<CurrentUser>][] = [
        ['modify_title', { new_title: 'Professor' }, { title: 'Professor' }],
        ['modify_bio', { new_bio: 'Studies ice.' }, { bio: 'Studies ice.' }],
        ['modify_url', { new_url: 'https://ada.example' }, { url: 'https://ada.example' }],
        ['modify_url', { new_url: '' }, { url: '' }],
        ['modify_email', { new_email: 'ada@example.org' }, { email: 'ada@example.org' }],
        ['modify_phone', { new_phone: '+44 20 7946 0000' }, { phone: '+44 20 7946 0000' }],
        ['modify_profile', { nickname: 'Countess' }, { nickname: 'Countess' }],
      ];
      for (const [call, fields, expected] of cases) {
        const response = await modify(app, call, ada.headers, { ...own, ...fields });
        expect(response.statusCode, `${call} ${response.body}`).toBe(200);
        expect(response.json<CurrentUser>()).toMatchObject(expected);
      }
      const settings = await modify(app, 'modify_settings', ada.headers, {
        ...own,
        new_public_posts: 'true',
        new_public_profile: 'false',
      });
      expect(settings.json<CurrentUser>().settings).toEqual({
        public_posts: true,
        public_activities: false,
        public_profile: false,
        public_statistics: false,
        public_contact: false,
      });
      // Without user_id the call is about the caller too.
      const implicit = await modify(app, 'modify_title', ada.headers, { new_title: 'Dr' });
      expect(implicit.json<CurrentUser>().title).toBe('Dr');
    });

    it.each([
      ['modify_title', { new_title: 'x'.repeat(41) }, 'new_title'],
      ['modify_bio', { new_bio: 'x'.repeat(501) }, 'new_bio'],
      ['modify_url', { new_url: 'ftp://files.example' }, 'new_url'],
      ['modify_url', { new_url: `https://${'x'.repeat(60)}.org` }, 'new_url'],
      ['modify_email', { new_email: 'not-an-email' }, 'new_email'],
      ['modify_email', { new_email: '' }, 'new_email'],
      ['modify_phone', { new_phone: 'call me' }, 'new_phone'],
      ['modify_profile', { username: 'x'.repeat(21) }, 'username'],
      ['modify_profile', { username: 'two words' }, 'username'],
      ['modify_profile', {}, 'body'],
      ['modify_settings', { new_public_posts: 'maybe' }, 'new_public_posts'],
      ['modify_settings', {}, 'body'],
    ])('%s answers 422 for %j', async (call, fields, field) => {
      const testApp = await db.buildApp();
      const ada = await signedInUser(testApp.app);
      const before = await userRow(testApp, ada.user.id);
      const response = await modify(testApp.app, call, ada.headers, fields);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe(field);
      expect(await userRow(testApp, ada.user.id)).toEqual(before);
    });

    it('renames: a taken name is 409; a new name is what search finds the posts by', async () => {
      const { app } = await db.buildApp();
      const ada = await signedInUser(app);
      const bob = await signedInUser(app);
      await uploadPost(app, ada.headers, { title: 'Glacier cores' });
      const taken = await modify(app, 'modify_profile', ada.headers, {
        username: bob.username.toUpperCase(),
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual(errorBody(MESSAGES.usernameTaken));

      const renamed = await modify(app, 'modify_profile', ada.headers, { username: 'icequeen' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json<CurrentUser>().username).toBe('icequeen');
      const search = async (term: string) =>
        (await app.inject({ method: 'GET', url: `/api/v1/media/list?search=${term}` })).json<
          PostListItem[]
        >();
      expect((await search('icequeen')).map((post) => post.user_name)).toEqual(['icequeen']);
      expect(await search(ada.username)).toEqual([]);
    });
  });

  describe('modify_avatar', () => {
    it('re-encodes a JPEG to a square WebP without its EXIF and GPS', async () => {
      const { app } = await db.buildApp();
      const ada = await signedInUser(app);
      const jpeg = await sharp({
        create: { width: 800, height: 600, channels: 3, background: '#3a6' },
      })
        .jpeg()
        .withExif({
          IFD0: { Make: 'Camera', Copyright: 'Ada' },
          IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
        })
        .toBuffer();
      expect((await sharp(jpeg).metadata()).exif).toBeDefined();

      const response = await uploadAvatar(app, ada.headers, ada.user.id, {
        name: 'me.jpg',
        content: jpeg,
        type: 'image/jpeg',
      });
      expect(response.statusCode, response.body).toBe(200);
      const avatar = response.json<CurrentUser>().avatar;
      expect(avatar).toMatch(/^\/ipfs\/baf/);
      const served = await app.inject({ method: 'GET', url: avatar });
      expect(served.headers['content-type']).toBe('image/webp');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
      expect(meta.exif).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from('Camera'))).toBe(false);
      // The post list shows the new avatar on the member's posts.
      await uploadPost(app, ada.headers);
      const [post] = (await app.inject({ method: 'GET', url: '/api/v1/media/list' })).json<
        PostListItem[]
      >();
      expect(post?.user_avatar).toBe(avatar);
    });

    it('takes a PNG named .jpg, since the bytes decide', async () => {
      const { app } = await db.buildApp();
      const ada = await signedInUser(app);
      const response = await uploadAvatar(app, ada.headers, ada.user.id, {
        name: 'photo.jpg',
        content: PNG_1X1,
        type: 'image/jpeg',
      });
      expect(response.statusCode, response.body).toBe(200);
    });

    it("refuses a text file named .png with the spec's message", async () => {
      const testApp = await db.buildApp();
      const ada = await signedInUser(testApp.app);
      const before = await userRow(testApp, ada.user.id);
      const response = await uploadAvatar(testApp.app, ada.headers, ada.user.id, {
        name: 'evil.png',
        content: '<svg onload="alert(1)"></svg>',
        type: 'image/png',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual(errorBody('Invalid file type. Please upload an image file.'));
      expect(await userRow(testApp, ada.user.id)).toEqual(before);
    });

    it('refuses a 20000×20000 image from its header, before decoding it', async () => {
      const { app } = await db.buildApp();
      const ada = await signedInUser(app);
      const before = process.memoryUsage().rss;
      const response = await uploadAvatar(app, ada.headers, ada.user.id, {
        name: 'huge.png',
        content: pngClaiming(20_000, 20_000),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual(errorBody(MESSAGES.avatarTooManyPixels));
      // Decoding it would take 1.2 GB; refusing it takes next to nothing.
      expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    });

    it('refuses more than 5 MB', async () => {
      const { app } = await db.buildApp();
      const ada = await signedInUser(app);
      const big = Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024)]);
      const response = await uploadAvatar(app, ada.headers, ada.user.id, {
        name: 'big.png',
        content: big,
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual(errorBody(MESSAGES.avatarTooLarge));
    });
  });

  describe('GET /auth/person_information', () => {
    const SECTIONS = {
      public_profile: ['title', 'biography', 'tags'],
      public_posts: ['posts'],
      public_activities: ['activity'],
      public_statistics: ['posts_number', 'comments_post', 'like_received', 'tokens_earned'],
      public_contact: ['email', 'phone', 'userurl'],
    } as const;

    it('leaves out exactly the sections whose flag is off, except for the author', async () => {
      const { app } = await db.buildApp();
      const ada = await signedInUser(app, { email: 'ada@example.org', phone: '+1 555 0101' });
      const bob = await signedInUser(app);
      await uploadPost(app, ada.headers, { title: 'Public work' });
      for (const flag of SETTINGS_FIELDS) {
        for (const on of [true, false]) {
          const settings = Object.fromEntries(
            SETTINGS_FIELDS.map((field) => [`new_${field}`, String(field === flag ? on : !on)]),
          );
          await modify(app, 'modify_settings', ada.headers, settings);
          const seen = await author(app, ada.user.id, bob.headers);
          for (const [section, fields] of Object.entries(SECTIONS)) {
            const visible = section === flag ? on : !on;
            for (const field of fields) {
              expect(field in seen, `${flag}=${on}: ${field} for another member`).toBe(visible);
            }
          }
          const own = await author(app, ada.user.id, ada.headers);
          for (const field of Object.values(SECTIONS).flat()) {
            expect(field in own, `${flag}=${on}: ${field} for the author`).toBe(true);
          }
          expect(seen).toMatchObject({
            user_id: ada.user.id,
            username: ada.username,
            show_profile: flag === 'public_profile' ? on : !on,
            show_posts: flag === 'public_posts' ? on : !on,
            show_activity: flag === 'public_activities' ? on : !on,
            show_statistics: flag === 'public_statistics' ? on : !on,
            show_contact: flag === 'public_contact' ? on : !on,
          });
        }
      }
    });

    it('answers 401 to an anonymous caller and 404 for an unknown member', async () => {
      const { app } = await db.buildApp();
      const ada = await signedInUser(app);
      const anonymous = await app.inject({
        method: 'GET',
        url: `/api/v1/auth/person_information?user_id=${ada.user.id}`,
      });
      expect(anonymous.statusCode).toBe(401);
      const unknown = await app.inject({
        method: 'GET',
        url: '/api/v1/auth/person_information?user_id=nobody',
        headers: ada.headers,
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('shows others only public posts, newest activity first, and honest counts', async () => {
      const { app, clock } = await db.buildApp();
      const ada = await signedInUser(app);
      const bob = await signedInUser(app);
      await modify(app, 'modify_settings', ada.headers, {
        new_public_posts: 'true',
        new_public_activities: 'true',
        new_public_statistics: 'true',
      });
      const open = await uploadPost(app, ada.headers, { title: 'Open' });
      clock.advance(60);
      await uploadPost(app, ada.headers, { title: 'Secret', visibility: 'private' });
      clock.advance(60);
      await app.inject({ method: 'POST', url: `/api/v1/media/${open}/like`, headers: bob.headers });
      clock.advance(60);
      await app.inject({
        method: 'POST',
        url: '/api/v1/comments/create',
        headers: { ...ada.headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ postId: open, content: 'Follow-up', imageUrl: '' }),
      });

      const seen = await author(app, ada.user.id, bob.headers);
      expect(seen.posts?.map((post) => post.title)).toEqual(['Open']);
      expect(seen.posts?.[0]).toEqual({
        id: open,
        title: 'Open',
        date: expect.any(String),
        likes: 1,
        comments: 1,
        review_status: 'unreviewed',
      });
      expect(seen.activity?.map((event) => [event.type, event.title])).toEqual([
        ['comment', 'Open'],
        ['post', 'Open'],
      ]);
      expect(seen).toMatchObject({ posts_number: 1, comments_post: 1, like_received: 1 });

      const own = await author(app, ada.user.id, ada.headers);
      expect(own.posts?.map((post) => post.title)).toEqual(['Secret', 'Open']);
      expect(own.posts_number).toBe(2);
    });
  });

  describe('GET /auth/me', () => {
    it('fills stats, own posts (private ones too), comments and likes', async () => {
      const { app } = await db.buildApp();
      const ada = await signedInUser(app);
      const bob = await signedInUser(app);
      const open = await uploadPost(app, ada.headers, { title: 'Open' });
      await uploadPost(app, ada.headers, { title: 'Secret', visibility: 'private' });
      const bobs = await uploadPost(app, bob.headers, { title: "Bob's" });
      await app.inject({ method: 'POST', url: `/api/v1/media/${bobs}/like`, headers: ada.headers });
      await app.inject({
        method: 'POST',
        url: '/api/v1/comments/create',
        headers: { ...ada.headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ postId: bobs, content: 'Nice', imageUrl: '' }),
      });
      const me = (
        await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: ada.headers })
      ).json<CurrentUser>();
      expect(me.stats).toMatchObject({ posts: 2, comments: 1, likes: 1 });
      expect(me.posts.map((post) => [post.title, post.visibility]).sort()).toEqual([
        ['Open', 'public'],
        ['Secret', 'private'],
      ]);
      expect(me.posts.find((post) => post.id === open)).toBeDefined();
      expect(me.comments).toEqual([
        {
          id: expect.any(String),
          postId: bobs,
          postTitle: "Bob's",
          content: 'Nice',
          date: expect.any(String),
        },
      ]);
      expect(me.likes).toEqual([{ id: bobs, title: "Bob's", date: expect.any(String) }]);
    });
  });
});
