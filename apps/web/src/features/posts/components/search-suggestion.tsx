import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useSearchSuggestions } from '../api/get-search-suggestions';
import styles from './search-suggestion.module.css';

/**
 * Under a search that found nothing: "No results for “…”; try without ‘x’", linking to the same
 * search without that word, when the server found one that finds something.
 */
export function SearchSuggestion({ search }: { search: string }) {
  const { t } = useTranslation('posts');
  const query = useSearchSuggestions(search, search.trim() !== '');
  const first = query.data?.suggestions[0];
  if (!first) return null;
  return (
    <p className={styles.suggestion} data-testid="search-suggestion">
      <Trans
        t={t}
        i18nKey="search.suggestion"
        values={{ search, removed: first.removed }}
        components={{
          term: <span translate="no" />,
          // Not `link`: Trans would read that name as the void HTML element.
          try: <Link to={paths.forum.href(first.search)} />,
        }}
      />
    </p>
  );
}
