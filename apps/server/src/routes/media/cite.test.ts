import { Cite } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';
import { MESSAGES, type PostDetail } from '@symposia/shared';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import {
  createTestClock,
  describeEachDatabase,
  multipart,
  PDF_MINIMAL,
  PNG_1X1,
  signedInUser,
  uploadPost,
  errorBody,
  fieldError,
} from '../../../test/helpers.js';

// 23:30 UTC is already the next day in Asia/Shanghai: the citation carries the UTC date.
const POSTED_AT = new Date('2024-05-03T23:30:00.000Z');
const HOST = 'research.example:8443';
const FILES = [
  { name: 'figure.png', content: PNG_1X1, type: 'image/png' },
  { name: 'paper.pdf', content: PDF_MINIMAL, type: 'application/pdf' },
];

type CslName = { literal?: string; family?: string; given?: string };
type CslData = {
  title?: string;
  author?: CslName[];
  issued?: { 'date-parts'?: number[][] };
  URL?: string;
  DOI?: string;
  note?: string | string[];
  type?: string;
};

/** What citation-js reads back from a citation: the same library, the other direction. */
function parsed(text: string): CslData {
  const items = new Cite(text).data as CslData[];
  expect(items).toHaveLength(1);
  return items[0] as CslData;
}

const authorName = (name: CslName | undefined) => name?.literal ?? name?.family;
const notesOf = (data: CslData) => [data.note ?? []].flat().join('\n');

async function cite(
  app: FastifyInstance,
  id: string,
  query: string,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'GET',
    url: `/api/v1/media/${id}/cite${query}`,
    headers: { host: HOST, ...headers },
  });
}

async function detailOf(app: FastifyInstance, id: string, headers: Record<string, string>) {
  const response = await app.inject({ method: 'GET', url: `/api/v1/media/${id}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PostDetail>();
}

async function upload(app: FastifyInstance, headers: Record<string, string>, fields: object) {
  const body = multipart(fields as Record<string, string>, [FILES[0] as (typeof FILES)[0]]);
  return app.inject({
    method: 'POST',
    url: '/api/v1/media/upload',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

describeEachDatabase('GET /media/{id}/cite', (db) => {
  async function citedPost(fields: Record<string, string> = {}) {
    const testApp = await db.buildApp({ clock: createTestClock(POSTED_AT) });
    const author = await signedInUser(testApp.app, { nickname: 'Ada Lovelace' });
    const id = await uploadPost(
      testApp.app,
      author.headers,
      {
        title: 'Quantum dots at room temperature',
        doi: 'https://doi.org/10.1234/qd.2024-05',
        ...fields,
      },
      FILES,
    );
    const post = await detailOf(testApp.app, id, author.headers);
    return { ...testApp, author, id, post, cids: post.files.map((file) => file.cid) };
  }

  it('answers BibTeX that parses back to the title, author, date, URL, DOI and every CID', async () => {
    const { app, id, cids } = await citedPost();
    expect(cids).toHaveLength(2);
    const response = await cite(app, id, '?format=bibtex');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-bibtex; charset=utf-8');
    expect(response.body).toMatch(/^@misc\{symposia_[0-9a-f]{32},/);
    const data = parsed(response.body);
    expect(data.title).toBe('Quantum dots at room temperature');
    expect(data.author?.map(authorName)).toEqual(['Ada Lovelace']);
    expect(data.issued?.['date-parts']).toEqual([[2024, 5, 3]]);
    expect(data.URL).toBe(`http://${HOST}/forum/detail/${id}`);
    expect(data.DOI).toBe('10.1234/qd.2024-05');
    for (const cid of cids) expect(notesOf(data)).toContain(`IPFS CID ${cid}`);
  });

  it('answers RIS with one N1 line per file, which parses back to the post', async () => {
    const { app, id, cids } = await citedPost();
    const response = await cite(app, id, '?format=ris');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/x-research-info-systems; charset=utf-8',
    );
    expect(response.body).toMatch(/^TY {2}- ICOMM\n/);
    expect(response.body).toMatch(/\nER {2}- \n$/);
    const lines = response.body.split('\n');
    expect(lines.filter((line) => line.startsWith('N1  - '))).toEqual([
      `N1  - IPFS CID ${cids[0]} (figure.png)`,
      `N1  - IPFS CID ${cids[1]} (paper.pdf)`,
    ]);
    const data = parsed(response.body);
    expect(data.title).toBe('Quantum dots at room temperature');
    expect(data.author?.map(authorName)).toEqual(['Ada Lovelace']);
    expect(data.issued?.['date-parts']).toEqual([[2024, 5, 3]]);
    expect(data.URL).toBe(`http://${HOST}/forum/detail/${id}`);
    expect(data.DOI).toBe('10.1234/qd.2024-05');
    for (const cid of cids) expect(notesOf(data)).toContain(`IPFS CID ${cid}`);
  });

  it('answers CSL-JSON, a one-item array that citation-js reads back', async () => {
    const { app, id, cids } = await citedPost();
    const response = await cite(app, id, '?format=csl');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.citationstyles.csl+json; charset=utf-8',
    );
    const items = JSON.parse(response.body) as CslData[];
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      type: 'post',
      title: 'Quantum dots at room temperature',
      author: [{ literal: 'Ada Lovelace' }],
      issued: { 'date-parts': [[2024, 5, 3]] },
      URL: `http://${HOST}/forum/detail/${id}`,
      DOI: '10.1234/qd.2024-05',
    });
    const data = parsed(response.body);
    expect(notesOf(data).split('\n')).toEqual(cids.map((cid) => expect.stringContaining(cid)));
  });

  it('keeps Chinese text and LaTeX specials in BibTeX intact and the entry well formed', async () => {
    const title = '量子点 {at} $300\\,K$ & 100% #1 <b> ~x^2_i';
    const { app, id, post } = await citedPost({ title, doi: '' });
    expect(post.doi).toBeNull();
    const response = await cite(app, id, '?format=bibtex');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toContain('量子点');
    const data = parsed(response.body);
    expect(data.title).toBe(title);
    expect(data.DOI).toBeUndefined();
    // RIS values stay on one line each, however long or odd.
    const ris = await cite(app, id, '?format=ris');
    expect(parsed(ris.body).title).toBe(title);
  });

  it('uses the username when the author has no other nickname, and bibtex when no format is asked', async () => {
    const testApp = await db.buildApp({ clock: createTestClock(POSTED_AT) });
    const author = await signedInUser(testApp.app);
    const id = await uploadPost(testApp.app, author.headers, { title: 'Plain' });
    const response = await cite(testApp.app, id, '');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-bibtex; charset=utf-8');
    expect(parsed(response.body).author?.map(authorName)).toEqual([author.username]);
  });

  it('cites the DOI an edit set, and none once an edit removed it', async () => {
    const { app, id, author } = await citedPost({ doi: '' });
    const patch = (doi: string | null) =>
      app.inject({
        method: 'PATCH',
        url: `/api/v1/media/${id}`,
        headers: author.headers,
        payload: { doi },
      });
    const set = await patch('doi:10.5555/edited.1');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<PostDetail>().doi).toBe('10.5555/edited.1');
    expect(parsed((await cite(app, id, '?format=ris')).body).DOI).toBe('10.5555/edited.1');

    const cleared = await patch(null);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(parsed((await cite(app, id, '?format=bibtex')).body).DOI).toBeUndefined();
  });

  it('cites a private post to its author only: 404 for anyone else, as its detail', async () => {
    const { app, id, author } = await citedPost({ visibility: 'private' });
    const own = await cite(app, id, '?format=ris', author.headers);
    expect(own.statusCode, own.body).toBe(200);
    expect(parsed(own.body).title).toBe('Quantum dots at room temperature');

    const stranger = await signedInUser(app);
    for (const headers of [stranger.headers, {}]) {
      const response = await cite(app, id, '?format=bibtex', headers);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(errorBody(MESSAGES.postNotFoundTitle));
      expect(response.body).not.toContain('Quantum');
    }
  });

  it('answers 404 for a post that does not exist', async () => {
    const { app } = await db.buildApp();
    const response = await cite(app, 'no-such-post', '?format=csl');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(errorBody(MESSAGES.postNotFoundTitle));
  });

  it('refuses an unknown format with 422 naming the field', async () => {
    const { app, id } = await citedPost();
    for (const format of ['endnote', 'BIBTEX', 'csl,ris']) {
      const response = await cite(app, id, `?format=${encodeURIComponent(format)}`);
      expect(response.statusCode, format).toBe(422);
      const body = response.json<{ errors: { field: string; message: string }[] }>();
      expect(body.errors).toEqual([fieldError('format', 'must be one of bibtex, ris, csl')]);
    }
  });

  it('answers 400, not a broken URL, when the Host header is no host', async () => {
    const { app, id } = await citedPost();
    const response = await cite(app, id, '?format=bibtex', { host: 'bad host{}' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errorBody(MESSAGES.citationBadHost));
  });

  it('is documented in the OpenAPI document with each content type', async () => {
    const { app } = await db.buildApp();
    const response = await app.inject({ method: 'GET', url: '/api/v1/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      paths: Record<string, { get?: { responses?: Record<string, { content?: object }> } }>;
    }>();
    const operation = document.paths['/api/v1/media/{id}/cite']?.get;
    expect(Object.keys(operation?.responses?.['200']?.content ?? {}).sort()).toEqual([
      'application/vnd.citationstyles.csl+json',
      'application/x-bibtex',
      'application/x-research-info-systems',
    ]);
    expect(Object.keys(operation?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '404', '422']),
    );
  });
});

describeEachDatabase('DOI at upload', (db) => {
  it('stores a DOI without the resolver prefix a person pasted; none is null', async () => {
    const { app } = await db.buildApp();
    const author = await signedInUser(app);
    for (const [sent, stored] of [
      ['10.1000/182', '10.1000/182'],
      ['  https://doi.org/10.1038/nphys1170  ', '10.1038/nphys1170'],
      [
        'http://dx.doi.org/10.1002/(SICI)1097-4636(199812)43:4<>1.0.CO;2-X',
        '10.1002/(SICI)1097-4636(199812)43:4<>1.0.CO;2-X',
      ],
      ['doi:10.123456789/x', '10.123456789/x'],
      ['', null],
    ] as const) {
      const id = await uploadPost(app, author.headers, { doi: sent });
      expect((await detailOf(app, id, author.headers)).doi, sent).toBe(stored);
    }
    const without = await uploadPost(app, author.headers, { title: 'No DOI' });
    expect((await detailOf(app, without, author.headers)).doi).toBeNull();
  });

  it('refuses a malformed DOI with 422 on the field doi and stores nothing', async () => {
    const { app } = await db.buildApp();
    const author = await signedInUser(app);
    for (const doi of [
      '11.1000/182',
      '10.12/short-registrant',
      '10.1000',
      '10.1000/with space',
      '10.1000/zero\u200bwidth',
      '10.1000/tab\there',
      'https://example.org/10.1000/182',
      `10.1000/${'x'.repeat(300)}`,
    ]) {
      const response = await upload(app, author.headers, { title: 'Bad DOI', doi });
      expect(response.statusCode, doi).toBe(422);
      const body = response.json<{ errors: { field: string }[] }>();
      expect(body.errors.map((error) => error.field)).toEqual(['doi']);
    }
    const list = await app.inject({
      method: 'GET',
      url: '/api/v1/media/list?include_hidden=true',
      headers: author.headers,
    });
    expect(list.json()).toEqual([]);
  });
});
