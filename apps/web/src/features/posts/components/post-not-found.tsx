import { MESSAGES } from '@symposia/shared';
import styles from './post-not-found.module.css';

type PostNotFoundProps = {
  onBack: () => void;
};

/** The detail's failure page for a post that is missing or not visible (spec §2). */
export function PostNotFound({ onBack }: PostNotFoundProps) {
  return (
    <section className={styles.page} aria-labelledby="post-not-found-title">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="post-not-found-title">{MESSAGES.postNotFoundTitle}</h1>
      <p>{MESSAGES.postNotFoundText}</p>
      <button type="button" className="button button-primary" onClick={onBack}>
        Back to Forum
      </button>
    </section>
  );
}
