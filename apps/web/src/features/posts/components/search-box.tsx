import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { POST_FIELD_MAX_LENGTH } from '@symposia/shared';
import { SearchIcon } from '@/components/ui/icons/icons';
import styles from './search-box.module.css';

type SearchBoxProps = {
  /** The search of the current address (`?search=`), which pre-fills the box. */
  initialValue: string;
  /** Called with the trimmed query; '' clears the search. */
  onSearch: (query: string) => void;
};

/** The forum's search box and button (spec §2 Forum list). */
export function SearchBox({ initialValue, onSearch }: SearchBoxProps) {
  const { t } = useTranslation('posts');
  const [value, setValue] = useState(initialValue);
  const id = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(value.trim());
  };

  return (
    <form role="search" className={styles.form} onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {t('search.label')}
      </label>
      <span className={styles.field}>
        <SearchIcon className={styles.icon} />
        <input
          id={id}
          className={styles.input}
          type="search"
          name="search"
          value={value}
          maxLength={POST_FIELD_MAX_LENGTH.search}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          onChange={(event) => setValue(event.target.value)}
        />
      </span>
      <button type="submit" className={`button ${styles.button}`}>
        {t('search.submit')}
      </button>
    </form>
  );
}
