import { describe, expect, it } from 'vitest';
import { jsonResponse, routeFetch } from '@/testing/fetch-mock';
import { authorLookup, getAuthor } from './get-author';

const info = {
  user_id: 'u-1',
  username: 'ada',
  trust_level: 1,
  nickname: 'Ada',
  avatar: '',
  orcid: null,
  orcid_url: null,
  followed_by_you: false,
  show_profile: true,
  show_posts: true,
  show_activity: true,
  show_statistics: true,
  show_contact: true,
};

describe('getAuthor', () => {
  it('looks an author up by id, or by username for an /author/@name address', async () => {
    expect(authorLookup('u-1')).toEqual({ user_id: 'u-1' });
    expect(authorLookup('@ada')).toEqual({ username: 'ada' });

    const { requests } = routeFetch({ 'GET /auth/person_information': () => jsonResponse(info) });
    await getAuthor('@ada');
    await getAuthor('u-1');
    expect(requests.map((request) => new URL(request.url, 'http://x').search)).toEqual([
      '?username=ada',
      '?user_id=u-1',
    ]);
  });
});
