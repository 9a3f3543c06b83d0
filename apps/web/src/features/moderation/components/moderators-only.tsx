import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import styles from './moderation.module.css';

/** What a member who is not a moderator finds at /moderation. */
export function ModeratorsOnly() {
  const { t } = useTranslation(['moderation', 'messages']);
  const titleId = useId();
  return (
    <section className={styles.only} aria-labelledby={titleId}>
      <h1 id={titleId} className={styles.title}>
        {t('onlyModerators.title')}
      </h1>
      <p>{t('onlyModerators.text', { moderatorsOnly: t('messages:moderatorsOnly') })}</p>
      <Link to={paths.forum.href()} className="button button-primary">
        {t('onlyModerators.back')}
      </Link>
    </section>
  );
}
