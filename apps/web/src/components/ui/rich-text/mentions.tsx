import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { findMentions } from '@symposia/shared';
import { mentionHref } from './mention-links';

/**
 * Plain text with each `@username` (shared/mentions.ts: what the server notifies is what is
 * linked) turned into a link to that member's profile.
 */
export function withMentionLinks(text: string): ReactNode {
  const mentions = findMentions(text);
  if (mentions.length === 0) return text;
  const nodes: ReactNode[] = [];
  let at = 0;
  for (const { start, end, username } of mentions) {
    if (start > at) nodes.push(text.slice(at, start));
    nodes.push(
      <Link key={start} to={mentionHref(username)} data-mention="">
        @{username}
      </Link>,
    );
    at = end;
  }
  if (at < text.length) nodes.push(text.slice(at));
  return nodes;
}
