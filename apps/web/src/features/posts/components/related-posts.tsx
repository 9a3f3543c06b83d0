import { Link } from 'react-router';
import { MESSAGES } from '@symposia/shared';
import { Avatar } from '@/components/ui/avatar/avatar';
import { paths } from '@/config/paths';
import { useRelatedPosts } from '../api/get-related-posts';
import styles from './related-posts.module.css';

/**
 * "Related": up to five public posts like this one (title, author, thumbnail), each a link. Shown
 * only when there are some: while loading, on failure or with none, nothing takes the place.
 */
export function RelatedPosts({ postId }: { postId: string }) {
  const query = useRelatedPosts(postId);
  const posts = query.data ?? [];
  if (posts.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="related-posts-title">
      <h2 id="related-posts-title" className={styles.title}>
        Related
      </h2>
      <ul className={styles.list}>
        {posts.map((post) => {
          const author = post.user_name.trim() || MESSAGES.anonymous;
          return (
            <li key={post.id}>
              <Link
                className={styles.link}
                to={paths.postDetail.href(post.id)}
                data-testid="related-post"
              >
                {post.thumbnail ? (
                  <img
                    className={styles.thumbnail}
                    src={post.thumbnail}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    width={96}
                    height={64}
                  />
                ) : (
                  <span className={styles.placeholder} aria-hidden="true">
                    {post.media_type}
                  </span>
                )}
                <span className={styles.text}>
                  <span className={styles.postTitle}>{post.title.trim() || 'Untitled post'}</span>
                  <span className={styles.author}>
                    <Avatar src={post.user_avatar} name={author} size={32} />
                    {author}
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
