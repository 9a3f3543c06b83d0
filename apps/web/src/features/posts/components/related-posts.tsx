import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar/avatar';
import { paths } from '@/config/paths';
import { useRelatedPosts } from '../api/get-related-posts';
import { userText } from '../utils/user-text';
import styles from './related-posts.module.css';

/**
 * "Related": up to five public posts like this one (title, author, thumbnail), each a link. Shown
 * only when there are some: while loading, on failure or with none, nothing takes the place.
 */
export function RelatedPosts({ postId }: { postId: string }) {
  const { t } = useTranslation(['posts', 'messages']);
  const query = useRelatedPosts(postId);
  const posts = query.data ?? [];
  if (posts.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="related-posts-title">
      <h2 id="related-posts-title" className={styles.title}>
        {t('posts:related.title')}
      </h2>
      <ul className={styles.list}>
        {posts.map((post) => {
          const author = post.user_name.trim() || t('messages:anonymous');
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
                    {t(`posts:mediaType.${post.media_type}`)}
                  </span>
                )}
                <span className={styles.text}>
                  <span className={styles.postTitle} translate={userText(post.title)}>
                    {post.title.trim() || t('posts:untitled')}
                  </span>
                  <span className={styles.author}>
                    <Avatar src={post.user_avatar} name={author} size={32} />
                    <span translate={userText(post.user_name)}>{author}</span>
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
