import type { PostListItem, RelatedPost, SearchSuggestions } from '@symposia/shared';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import {
  describeEachDatabase,
  PNG_1X1,
  signedInUser,
  uploadPost,
  type TestApp,
} from '../../../test/helpers.js';
import { published, settled } from '../../../test/worker.js';
import { createPaperPdf } from '../../processing/extract/testing/pdf-fixture.js';

type Headers = Record<string, string>;

const WORKER_ENV = { WORKER_CONCURRENCY: '2', WORKER_POLL_MS: '20' };
/** Tests that wait for the worker to process several uploads. */
const WORKER_TEST_MS = 90_000;

async function search(app: FastifyInstance, text: string, headers: Headers = {}) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/media/list?${new URLSearchParams({ search: text, limit: '100' })}`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PostListItem[]>();
}

const ids = (posts: { id: string }[]) => posts.map((post) => post.id).sort();

async function related(app: FastifyInstance, id: string, headers: Headers = {}) {
  return app.inject({ method: 'GET', url: `/api/v1/media/${id}/related`, headers });
}

const png = [{ name: 'figure.png', content: PNG_1X1, type: 'image/png' }];

describeEachDatabase('search inside documents, in any script', (db) => {
  it(
    'finds a word that is only inside an uploaded PDF, with a snippet from it',
    async () => {
      const { app } = await db.buildApp({ env: WORKER_ENV });
      const ada = await signedInUser(app);
      const pdf = createPaperPdf({
        title: 'Cold storage of seeds',
        authors: 'A. Lovelace',
        abstract:
          'We stored seeds for ten years. Germination of the seeds after storage in ' +
          'permafrost vaults stayed above ninety percent for every cultivar of barley.',
        sections: [{ heading: 'Methods', paragraphs: ['Seeds were counted by hand.'] }],
      });
      const withPdf = await uploadPost(app, ada.headers, { title: 'Seed vault report' }, [
        { name: 'paper.pdf', content: Buffer.from(pdf), type: 'application/pdf' },
      ]);
      const other = await uploadPost(app, ada.headers, { title: 'Barley yields' }, png);
      await published(app, withPdf, ada.headers);
      await published(app, other, ada.headers);

      const found = await search(app, 'permafrost');
      expect(ids(found)).toEqual([withPdf]);
      expect(found[0]?.snippet).toContain('<mark>permafrost</mark>');
      expect(found[0]?.snippet).toContain('vaults');
      // The post's own fields rank above the text of documents: "barley" is both a title word of
      // one post and a word inside the other's PDF.
      expect((await search(app, 'barley')).map((post) => post.id)).toEqual([other, withPdf]);
    },
    WORKER_TEST_MS,
  );

  it('segments Chinese: a word inside a sentence is found, unrelated posts are not', async () => {
    const { app } = await db.buildApp();
    const ada = await signedInUser(app);
    const protein = await uploadPost(app, ada.headers, {
      title: '基于深度学习的蛋白质结构预测',
      summary: '我们提出一种新的方法，用 Transformer 预测蛋白质的三维结构。',
    });
    const climate = await uploadPost(app, ada.headers, {
      title: '气候变化对海洋碳循环的影响',
      summary: '海洋吸收了大量二氧化碳。',
    });
    const english = await uploadPost(app, ada.headers, {
      title: 'Protein folding with deep learning',
    });

    expect(ids(await search(app, '蛋白质'))).toEqual([protein]);
    expect(ids(await search(app, '结构预测'))).toEqual([protein]);
    expect(ids(await search(app, '海洋'))).toEqual([climate]);
    expect(ids(await search(app, '量子计算'))).toEqual([]);
    // Mixed queries: every part must match, whichever script it is in.
    expect(ids(await search(app, 'transformer 蛋白质'))).toEqual([protein]);
    expect(ids(await search(app, 'protein'))).toEqual([english]);
    expect(ids(await search(app, 'deep 蛋白质'))).toEqual([]);
    const [hit] = await search(app, '蛋白质');
    expect(hit?.snippet).toContain('<mark>蛋白质</mark>');
  });

  it('ranks by where each word was found: title, then tags, then text; ties newest first', async () => {
    const { app } = await db.buildApp();
    const ada = await signedInUser(app);
    // Written oldest first, so that newest-first alone would give the reverse order.
    const inTitle = await uploadPost(app, ada.headers, { title: 'Tardigrade survival' });
    const inTags = await uploadPost(app, ada.headers, {
      title: 'Animals in space',
      tags: 'tardigrade, space',
    });
    const inText = await uploadPost(app, ada.headers, {
      title: 'Hardy animals',
      summary: 'Moss piglets, also called tardigrade, survive vacuum.',
    });
    const alsoInText = await uploadPost(app, ada.headers, {
      title: 'Extremophiles',
      content: 'The tardigrade is one of many.',
    });
    const order = async (text: string) => (await search(app, text)).map((post) => post.id);

    expect(await order('tardigrade')).toEqual([inTitle, inTags, alsoInText, inText]);
    expect(await order('survival')).toEqual([inTitle]);

    // Two words: each counts where it was found.
    const bothInTitle = await uploadPost(app, ada.headers, { title: 'Rotifer anhydrobiosis' });
    const titleAndText = await uploadPost(app, ada.headers, {
      title: 'Anhydrobiosis',
      summary: 'Seen in the rotifer.',
    });
    const tagsAndText = await uploadPost(app, ada.headers, {
      title: 'Dry states',
      tags: 'anhydrobiosis',
      summary: 'Seen in the rotifer.',
    });
    const bothInText = await uploadPost(app, ada.headers, {
      title: 'Dry states again',
      summary: 'Rotifer anhydrobiosis.',
    });
    expect(await order('rotifer anhydrobiosis')).toEqual([
      bothInTitle,
      titleAndText,
      tagsAndText,
      bothInText,
    ]);
  });

  it('reads quoted phrases and -exclusions, and suggests dropping a word', async () => {
    const { app } = await db.buildApp();
    const ada = await signedInUser(app);
    const deep = await uploadPost(app, ada.headers, {
      title: 'Deep learning for cell images',
      summary: 'A network segments mouse cells.',
    });
    const learningDeep = await uploadPost(app, ada.headers, {
      title: 'Learning from deep ocean cores',
    });
    const human = await uploadPost(app, ada.headers, {
      title: 'Deep learning on human tissue',
    });

    expect(ids(await search(app, 'deep learning'))).toEqual(
      ids([{ id: deep }, { id: learningDeep }, { id: human }]),
    );
    expect(ids(await search(app, '"deep learning"'))).toEqual([deep, human].sort());
    expect(ids(await search(app, '"deep learning" -mouse'))).toEqual([human]);
    expect(ids(await search(app, '-"deep learning"'))).toEqual([learningDeep]);
    expect(ids(await search(app, 'deep -mouse -human'))).toEqual([learningDeep]);

    expect(await search(app, 'deep learning zebrafish')).toEqual([]);
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/media/search-suggestions?${new URLSearchParams({ search: 'deep learning zebrafish' })}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<SearchSuggestions>()).toEqual({
      suggestions: [{ search: 'deep learning', removed: 'zebrafish' }],
    });
  });

  it('escapes snippets: the only markup is <mark>', async () => {
    const { app } = await db.buildApp();
    const ada = await signedInUser(app);
    await uploadPost(app, ada.headers, {
      title: 'Injection',
      summary: 'Beware <script>alert("xss")</script> & <img src=x onerror=alert(1)> payloads',
    });
    const [hit] = await search(app, 'payloads script');
    expect(hit?.snippet).toBe(
      'Beware &lt;<mark>script</mark>&gt;alert(&quot;xss&quot;)&lt;/<mark>script</mark>&gt; &amp; ' +
        '&lt;img src=x onerror=alert(1)&gt; <mark>payloads</mark>',
    );
    expect(hit?.snippet?.replace(/<\/?mark>/g, '')).not.toMatch(/[<>"]/);
  });

  it('keeps the index in step with edits, renames and deletions', async () => {
    const { app } = await db.buildApp();
    const ada = await signedInUser(app);
    const id = await uploadPost(app, ada.headers, { title: 'Graphene ribbons' });
    expect(ids(await search(app, 'graphene'))).toEqual([id]);
    const edited = await app.inject({
      method: 'PATCH',
      url: `/api/v1/media/${id}`,
      headers: ada.headers,
      payload: { title: '石墨烯纳米带' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(ids(await search(app, 'graphene'))).toEqual([]);
    expect(ids(await search(app, '石墨烯'))).toEqual([id]);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/v1/media/${id}`,
      headers: ada.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(ids(await search(app, '石墨烯'))).toEqual([]);
  });

  it('answers bad input with 422, never 500', async () => {
    const { app } = await db.buildApp();
    const ada = await signedInUser(app);
    await uploadPost(app, ada.headers, { title: 'Anything' });
    for (const text of ['"', '-', '""', '- - -', '"unclosed phrase', '*:)&|!', '蛋白质"']) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/media/list?${new URLSearchParams({ search: text })}`,
      });
      expect(response.statusCode, text).toBe(200);
    }
    const tooLong = await app.inject({
      method: 'GET',
      url: `/api/v1/media/list?${new URLSearchParams({ search: 'x'.repeat(201) })}`,
    });
    expect(tooLong.statusCode).toBe(422);
    for (const query of ['', '?search=', `?search=${'y'.repeat(201)}`]) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/media/search-suggestions${query}`,
      });
      expect(response.statusCode, query).toBe(422);
    }
    expect((await related(app, 'x'.repeat(65))).statusCode).toBe(422);
    expect((await related(app, 'no-such-post')).statusCode).toBe(404);
  });
});

describeEachDatabase('related posts', (db) => {
  async function corpus(testApp: TestApp) {
    const { app } = testApp;
    const ada = await signedInUser(app);
    const bob = await signedInUser(app);
    const post = (fields: Record<string, string>, headers = ada.headers) =>
      uploadPost(app, headers, fields, png);
    const ids = {
      base: await post({
        title: 'Superconductivity in twisted bilayer graphene',
        tags: 'graphene, superconductivity',
        summary: 'Magic angle graphene shows a superconducting dome.',
      }),
      near: await post({
        title: 'Flat bands and superconductivity in graphene moire lattices',
        tags: 'graphene, moire',
        summary: 'Correlated insulators beside superconducting domes in twisted graphene.',
      }),
      private: await post({
        title: 'Twisted graphene superconductivity notes',
        summary: 'Superconducting graphene, private draft.',
        visibility: 'private',
      }),
      hidden: await post(
        { title: 'Graphene superconductivity replication', tags: 'graphene' },
        bob.headers,
      ),
      deleted: await post({ title: 'Superconducting twisted graphene, withdrawn' }),
      far: await post({ title: 'Sourdough fermentation kinetics', tags: 'baking, yeast' }),
      yeast: await post({ title: 'Yeast strains in wild sourdough', tags: 'yeast' }),
    };
    for (const id of Object.values(ids)) {
      await published(app, id, id === ids.hidden ? bob.headers : ada.headers);
    }
    await settled(app);
    return { ada, bob, ids };
  }

  it(
    'lists public posts like this one, never private, hidden or deleted ones',
    async () => {
      const testApp = await db.buildApp({ env: WORKER_ENV });
      const { app } = testApp;
      const { ada, ids } = await corpus(testApp);
      await app.db
        .updateTable('posts')
        .set({ hidden_at: new Date().toISOString() })
        .where('id', '=', ids.hidden)
        .execute();
      const removed = await app.inject({
        method: 'DELETE',
        url: `/api/v1/media/${ids.deleted}`,
        headers: ada.headers,
      });
      expect(removed.statusCode).toBe(204);

      const list = (await related(app, ids.base)).json<RelatedPost[]>();
      const shown = list.map((post) => post.id);
      expect(shown[0]).toBe(ids.near);
      expect(shown).not.toContain(ids.private);
      expect(shown).not.toContain(ids.hidden);
      expect(shown).not.toContain(ids.deleted);
      expect(shown).not.toContain(ids.base);
      expect(shown).not.toContain(ids.far);
      expect(list[0]).toMatchObject({ title: expect.any(String), user_name: ada.username });
      expect(list[0]?.thumbnail).toMatch(/^\/ipfs\//);
      // Not even to the author of the private post, nor to a member.
      expect(
        (await related(app, ids.base, ada.headers)).json<RelatedPost[]>().map((p) => p.id),
      ).not.toContain(ids.private);
      // The private post itself: 404 to anyone but its author, as its detail.
      expect((await related(app, ids.private)).statusCode).toBe(404);
      expect((await related(app, ids.private, ada.headers)).statusCode).toBe(200);
      expect((await related(app, ids.deleted, ada.headers)).statusCode).toBe(404);
    },
    WORKER_TEST_MS,
  );

  it(
    'follows an edit: a post rewritten on another subject finds new neighbours',
    async () => {
      const testApp = await db.buildApp({ env: WORKER_ENV });
      const { app } = testApp;
      const { ada, ids } = await corpus(testApp);
      const before = (await related(app, ids.far)).json<RelatedPost[]>().map((post) => post.id);
      expect(before).toContain(ids.yeast);
      expect(before).not.toContain(ids.base);
      const edited = await app.inject({
        method: 'PATCH',
        url: `/api/v1/media/${ids.far}`,
        headers: ada.headers,
        payload: {
          title: 'Graphene superconductivity at the magic angle',
          tags: 'graphene, superconductivity',
        },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      await settled(app);
      const shown = (await related(app, ids.far)).json<RelatedPost[]>().map((post) => post.id);
      expect(shown).toContain(ids.base);
      expect(shown).not.toContain(ids.yeast);
      // Made private, it leaves the others' lists at once.
      const hidden = await app.inject({
        method: 'PATCH',
        url: `/api/v1/media/${ids.near}`,
        headers: ada.headers,
        payload: { visibility: 'private' },
      });
      expect(hidden.statusCode, hidden.body).toBe(200);
      expect(
        (await related(app, ids.base)).json<RelatedPost[]>().map((post) => post.id),
      ).not.toContain(ids.near);
    },
    WORKER_TEST_MS,
  );
});
