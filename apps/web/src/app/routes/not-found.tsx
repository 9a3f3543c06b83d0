import { Link } from 'react-router';
import { MESSAGES } from '@symposia/shared';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';
import styles from './not-found.module.css';

export function NotFoundRoute() {
  useDocumentTitle(MESSAGES.pageNotFoundTitle);
  return (
    <section className={styles.page}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1>{MESSAGES.pageNotFoundTitle}</h1>
      <p>{MESSAGES.pageNotFoundText}</p>
      <Link to={paths.home.href()} className="button button-primary">
        Go to Home
      </Link>
    </section>
  );
}
