import { Component, Suspense, useEffect, useId, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { MarkdownRenderer } from './lazy-renderer';
import { hasMarkdownSyntax } from './markdown-syntax';
import { withMentionLinks } from './mentions';
import {
  MARKUP_DIGEST_ATTRIBUTE,
  MARKUP_ID_ATTRIBUTE,
  serverMarkupOf,
  type KeptMarkup,
} from './server-markup';

/**
 * How plain text is laid out: `lines`, each non-empty line its own paragraph (post content, "content
 * split by lines" in the spec); `text`, one paragraph with the line breaks as typed (a comment).
 */
export type PlainLayout = 'lines' | 'text';

export type RichTextProps = {
  text: string;
  plain: PlainLayout;
  className?: string;
  testId?: string;
};

const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The text exactly as the app showed it before Markdown (no parser, no lazy load), with each
 * `@username` linked to that member's profile. It is the member's own: translate="no".
 */
export function PlainText({ text, plain, className, testId }: RichTextProps) {
  if (plain === 'text') {
    return (
      <p className={className} data-testid={testId} translate="no">
        {withMentionLinks(text)}
      </p>
    );
  }
  return (
    <div className={className} data-testid={testId} translate="no">
      {linesOf(text).map((line, index) => (
        <p key={index}>{withMentionLinks(line)}</p>
      ))}
    </div>
  );
}

type FallbackProps = { fallback: ReactNode; children: ReactNode };

/** A renderer that cannot load (offline, a new deployment) leaves the text readable as plain text. */
class PlainOnError extends Component<FallbackProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

type ServerMarkdownProps = {
  markup: KeptMarkup;
  markupId: string;
  testId?: string;
};

/**
 * Markdown the server rendered, kept as it is (server-markup.ts): the same element and attributes
 * as the renderer's, so hydration takes it over without the renderer. `@username` links, which the
 * renderer makes in-app links, are followed in the app here too.
 */
function ServerMarkdown({ markup, markupId, testId }: ServerMarkdownProps) {
  const navigate = useNavigate();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const followMention = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[data-mention]') : null;
      const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
      if (!link || event.defaultPrevented || event.button !== 0 || modified) return;
      event.preventDefault();
      void navigate(link.getAttribute('href') ?? '/');
    };
    element.addEventListener('click', followMention);
    return () => element.removeEventListener('click', followMention);
  }, [navigate]);
  return (
    <div
      ref={root}
      className={markup.className}
      data-testid={testId}
      data-rich-text="markdown"
      {...{ [MARKUP_ID_ATTRIBUTE]: markupId, [MARKUP_DIGEST_ATTRIBUTE]: markup.digest }}
      translate="no"
      dangerouslySetInnerHTML={{ __html: markup.html }}
    />
  );
}

/**
 * User-written text, wherever it is shown (post content, comments, previews, reviews): Markdown
 * with GFM tables and code and `$…$` / `$$…$$` math, sanitized, by the one renderer of
 * markdown-pipeline.ts's one configuration, so a text renders the same on every surface, on the
 * server and in the browser. Text without any Markdown syntax renders at once as plain text, with
 * the same elements as before Markdown existed; text with it shows as plain text until the
 * renderer has loaded, or as the server rendered it where a server-rendered page showed it.
 */
export function RichText(props: RichTextProps) {
  const markupId = useId();
  const plain = <PlainText {...props} />;
  if (!hasMarkdownSyntax(props.text)) return plain;
  const kept = serverMarkupOf(markupId, props.text);
  // The same boundaries either way: the server's markup marks where its Suspense boundary stood.
  return (
    <PlainOnError fallback={plain}>
      <Suspense fallback={plain}>
        {kept ? (
          <ServerMarkdown markup={kept} markupId={markupId} testId={props.testId} />
        ) : (
          <MarkdownRenderer
            text={props.text}
            className={props.className}
            testId={props.testId}
            markupId={markupId}
          />
        )}
      </Suspense>
    </PlainOnError>
  );
}
