import { useTranslation } from 'react-i18next';
import styles from './new-posts-banner.module.css';

type NewPostsBannerProps = {
  /** Posts were published since the list was read. */
  waiting: boolean;
  /** Reads the list again from its first page. */
  onShow: () => void;
};

/**
 * "New posts — show" (issue 31): offered where reading a new post in would move the list under
 * the reader (another sort, a filter, a later page). The polite live region is always there, so
 * assistive technology announces the button when it appears; the button is an ordinary one, in
 * the tab order.
 */
export function NewPostsBanner({ waiting, onShow }: NewPostsBannerProps) {
  const { t } = useTranslation('posts');
  return (
    <div className={styles.banner} role="status" aria-live="polite">
      {waiting ? (
        <button type="button" className="button button-secondary" onClick={onShow}>
          {t('grid.newPosts')}
        </button>
      ) : null}
    </div>
  );
}
