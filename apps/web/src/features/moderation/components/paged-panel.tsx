import { useEffect, useRef, type ReactNode, type Ref } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ListOrStatus, ModerationPanel, type ListTexts } from './moderation-panel';
import { Pager } from './pager';

type PagedPanelProps<T> = {
  id: string;
  title: string;
  /** Said between the heading and the list. */
  intro?: ReactNode;
  query: UseQueryResult<T[]>;
  skip: number;
  onSkip: (skip: number) => void;
  /** `what` the list holds names the pager's buttons. */
  texts: ListTexts & { what: string };
  /** From useRefocusAfterAction, when an action can take an entry off the list. */
  headingRef?: Ref<HTMLHeadingElement>;
  renderItems: (items: T[]) => ReactNode;
  /** Shown after the pager, e.g. an open dialog. */
  children?: ReactNode;
};

/** A moderation tab that lists one page of entries at a time, with Previous and Next under it. */
export function PagedPanel<T>({
  id,
  title,
  intro,
  query,
  skip,
  onSkip,
  texts,
  headingRef,
  renderItems,
  children,
}: PagedPanelProps<T>) {
  return (
    <ModerationPanel id={id} title={title} headingRef={headingRef}>
      {intro}
      <ListOrStatus query={query} items={query.data} texts={texts}>
        {renderItems}
      </ListOrStatus>
      <Pager
        what={texts.what}
        skip={skip}
        shown={query.data?.length ?? 0}
        busy={query.isPlaceholderData}
        onSkip={onSkip}
      />
      {children}
    </ModerationPanel>
  );
}

/**
 * After an action the entry leaves the list, so focus goes to the list's heading rather than to
 * nowhere: call `refocusAfterAction()` when acting; once the action's refetch has shown the new
 * list, the heading takes focus.
 */
export function useRefocusAfterAction(query: { isFetching: boolean; dataUpdatedAt: number }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const refocus = useRef(false);

  useEffect(() => {
    if (!refocus.current || query.isFetching) return;
    refocus.current = false;
    headingRef.current?.focus();
  }, [query.isFetching, query.dataUpdatedAt]);

  return {
    headingRef,
    refocusAfterAction: () => {
      refocus.current = true;
    },
  };
}
