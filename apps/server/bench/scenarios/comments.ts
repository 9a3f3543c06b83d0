import { signUp, uploadFile } from './client.js';
import type { Scenario } from './types.js';

const COMMENTS = 2000;
const BATCH = 500;

/**
 * A post with 2,000 comments in threads (a third top-level, the rest replies), written straight
 * through Kysely: the benchmark measures reading a long discussion, not posting one.
 */
export const commentsScenario: Scenario = {
  name: 'comments',
  description: `reading a discussion of ${COMMENTS.toLocaleString('en')} comments`,
  prepare: async (server) => {
    const user = await signUp(server.baseUrl, 'bench_talker');
    const { postId } = await uploadFile(server.baseUrl, user.token, 'topic.txt', 'a hot topic');
    const start = Date.parse('2026-02-01T00:00:00Z');
    const rows = Array.from({ length: COMMENTS }, (_, index) => {
      const top = index % 3 === 0;
      const rootIndex = index - (index % 3);
      return {
        id: `bench-comment-${index}`,
        post_id: postId,
        user_id: user.id,
        parent_id: top ? null : `bench-comment-${rootIndex}`,
        root_id: top ? null : `bench-comment-${rootIndex}`,
        level: top ? 1 : 2,
        content: `Comment ${index}: a considered remark about the method and its controls.`,
        image_url: '',
        reply_count: top ? Math.min(2, COMMENTS - index - 1) : 0,
        created_at: new Date(start + index * 1000).toISOString(),
      };
    });
    for (let offset = 0; offset < rows.length; offset += BATCH) {
      await server.app.db
        .insertInto('comments')
        .values(rows.slice(offset, offset + BATCH))
        .execute();
    }
    await server.app.db
      .updateTable('posts')
      .set({ comments: COMMENTS })
      .where('id', '=', postId)
      .execute();
    const path = `/api/v1/comments/post/${postId}?skip=0&limit=2000`;
    return [
      { name: `GET /comments/post/{id} (${COMMENTS})`, path },
      {
        name: `GET /comments/post/{id} (${COMMENTS}, member)`,
        path,
        headers: { authorization: `Bearer ${user.token}` },
      },
    ];
  },
};
