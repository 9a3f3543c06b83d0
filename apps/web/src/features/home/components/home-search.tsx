import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NONEMPTY_FIELD_ATTRIBUTE, POST_FIELD_MAX_LENGTH } from '@symposia/shared';
import { paths } from '@/config/paths';
import styles from './home-search.module.css';

/**
 * The hero's search (spec §2 Home, §5): a query that is non-empty after trimming opens the forum
 * with it URL-encoded; an empty one does nothing.
 */
export function HomeSearch() {
  const { t } = useTranslation(['home', 'screen']);
  const navigate = useNavigate();
  const inputId = useId();
  const [query, setQuery] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = query.trim();
    if (!trimmed) return;
    void navigate(paths.forum.href(trimmed));
  };

  return (
    // A GET form of the forum's address: before the app has hydrated the server's page the
    // browser submits it itself, and the page's inline script stops an empty query there too.
    <form
      className={styles.form}
      role="search"
      method="get"
      action={paths.forum.path}
      onSubmit={submit}
      {...{ [NONEMPTY_FIELD_ATTRIBUTE]: 'search' }}
    >
      <label htmlFor={inputId} className="visually-hidden">
        {t('search.label')}
      </label>
      <input
        id={inputId}
        className={styles.input}
        type="search"
        name="search"
        placeholder={t('screen:homeSearchPlaceholder')}
        autoComplete="off"
        maxLength={POST_FIELD_MAX_LENGTH.search}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <button type="submit" className={`button ${styles.button}`}>
        {t('search.submit')}
      </button>
    </form>
  );
}
