import type { ReactNode, Ref } from 'react';
import { ListOrStatus as SharedListOrStatus } from '@/components/ui/query-status/list-or-status';
import type { StatusQuery } from '@/components/ui/query-status/query-status';
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
  query: StatusQuery;
  /** The query's entries, once they came. */
  items: T[] | undefined;
  texts: ListTexts;
  children: (items: T[]) => ReactNode;
};

/** A moderation list (components' ListOrStatus) in the screen's look: "none" as a dashed box. */
export function ListOrStatus<T>({ query, items, texts, children }: ListOrStatusProps<T>) {
  return (
    <SharedListOrStatus
      query={query}
      items={items}
      loading={texts.loading}
      failed={texts.failed}
      empty={<p className={styles.empty}>{texts.empty}</p>}
      classNames={{ error: styles.failure, loading: styles.loading }}
    >
      {children}
    </SharedListOrStatus>
  );
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
