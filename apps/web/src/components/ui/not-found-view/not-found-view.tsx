import { useId, type ReactNode } from 'react';
import styles from './not-found-view.module.css';

type NotFoundViewProps = {
  title: string;
  text: string;
  /** The way out: a link or a button. */
  action: ReactNode;
};

/** A full-page "404": what is missing, why, and where to go instead. */
export function NotFoundView({ title, text, action }: NotFoundViewProps) {
  const titleId = useId();
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id={titleId}>{title}</h1>
      <p>{text}</p>
      {action}
    </section>
  );
}
