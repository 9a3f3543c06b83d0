import { Component, Suspense, type ReactNode } from 'react';
import { MarkdownRenderer } from './lazy-renderer';
import { hasMarkdownSyntax } from './markdown-syntax';
import { withMentionLinks } from './mentions';

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

/**
 * User-written text, wherever it is shown (post content, comments, previews, reviews): Markdown
 * with GFM tables and code and `$…$` / `$$…$$` math, sanitized, by the one renderer of
 * markdown-pipeline.ts's one configuration, so a text renders the same on every surface, on the
 * server and in the browser. Text without any Markdown syntax renders at once as plain text, with
 * the same elements as before Markdown existed; text with it shows as plain text until the
 * renderer has loaded.
 */
export function RichText(props: RichTextProps) {
  const plain = <PlainText {...props} />;
  if (!hasMarkdownSyntax(props.text)) return plain;
  return (
    <PlainOnError fallback={plain}>
      <Suspense fallback={plain}>
        <MarkdownRenderer text={props.text} className={props.className} testId={props.testId} />
      </Suspense>
    </PlainOnError>
  );
}
