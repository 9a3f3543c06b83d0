import type { ReactNode, Ref } from 'react';
import { QueryStatus } from '@/components/ui/query-status/query-status';
import styles from './moderation.module.css';

type ModerationPanelProps = {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  /** Given when focus is put back on the heading after an action (it then takes focus). */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
};

/** One tab of the moderation screen: a section named by its heading. */
export function ModerationPanel({ id, title, headingRef, children }: ModerationPanelProps) {
  return (
    <section className={styles.queue} aria-labelledby={id}>
      <h2
        id={id}
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className={styles.panelHeading}
      >
        {title}
      </h2>
      {children}
    </section>
  );
}

export type ListTexts = { empty: string; loading: string; failed: string };

type ListOrStatusProps<T> = {
  query: Parameters<typeof QueryStatus>[0]['query'];
  /** The query's entries, once they came. */
  items: T[] | undefined;
  texts: ListTexts;
  children: (items: T[]) => ReactNode;
};

/** The entries once loaded, a line saying there are none, or the query's loading or failure. */
export function ListOrStatus<T>({ query, items, texts, children }: ListOrStatusProps<T>) {
  if (!items) {
    return (
      <QueryStatus
        query={query}
        loading={texts.loading}
        failed={texts.failed}
        classNames={{ error: styles.failure, loading: styles.loading }}
      />
    );
  }
  return items.length ? children(items) : <p className={styles.empty}>{texts.empty}</p>;
}

type ModerationTableProps = {
  /** Read by screen readers only. */
  caption: string;
  columns: string[];
  /** The rows. */
  children: ReactNode;
};

/** A moderation list as a table that scrolls sideways on a narrow screen. */
export function ModerationTable({ caption, columns, children }: ModerationTableProps) {
  return (
    <div className={styles.tableScroll}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
