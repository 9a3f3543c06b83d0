import { useId } from 'react';
import { Link } from 'react-router';
import { MESSAGES } from '@symposia/shared';
import { paths } from '@/config/paths';
import { ONLY_MODERATORS_TITLE } from '../texts';
import styles from './moderation.module.css';

/** What a member who is not a moderator finds at /moderation. */
export function ModeratorsOnly() {
  const titleId = useId();
  return (
    <section className={styles.only} aria-labelledby={titleId}>
      <h1 id={titleId} className={styles.title}>
        {ONLY_MODERATORS_TITLE}
      </h1>
      <p>
        {MESSAGES.moderatorsOnly}. To report something, use Report on the post, the comment or the
        author's profile.
      </p>
      <Link to={paths.forum.href()} className="button button-primary">
        Back to the forum
      </Link>
    </section>
  );
}
