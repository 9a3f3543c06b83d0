import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { POST_FIELD_MAX_LENGTH } from '@symposia/shared';
import { SearchIcon } from '@/components/ui/icons/icons';
import { LIST_PARAM } from '../utils/list-params';
import { ListAddressForm } from './list-address-form';
import styles from './search-box.module.css';

type SearchBoxProps = {
  /** The list's path and its other parameters: the box is a GET form of that address. */
  action: string;
  keep: URLSearchParams;
  /** The search of the current address (`?search=`), which pre-fills the box. */
  initialValue: string;
  /** Called with the trimmed query; '' clears the search. */
  onSearch: (query: string) => void;
};

/** The forum's search box and button (spec §2 Forum list). */
export function SearchBox({ action, keep, initialValue, onSearch }: SearchBoxProps) {
  const { t } = useTranslation('posts');
  const [value, setValue] = useState(initialValue);
  const id = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(value.trim());
  };

  return (
    <ListAddressForm
      action={action}
      keep={keep}
      role="search"
      className={styles.form}
      onSubmit={submit}
    >
      <label htmlFor={id} className="visually-hidden">
        {t('search.label')}
      </label>
      <span className={styles.field}>
        <SearchIcon className={styles.icon} />
        <input
          id={id}
          className={styles.input}
          type="search"
          name={LIST_PARAM.search}
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
    </ListAddressForm>
  );
}
