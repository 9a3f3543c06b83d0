// KaTeX's styles (and fonts) come with this chunk, which RichText loads only for texts with
// Markdown (lazy-renderer.ts: how a page the server renders gets them).
import 'katex/dist/katex.min.css';
import { memo, useId, useMemo, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import Markdown, { type Components, type ExtraProps } from 'react-markdown';
import { Link } from 'react-router';
import { REMARK_PLUGINS, REMARK_REHYPE_OPTIONS, rehypePlugins } from './markdown-pipeline';
import { isMentionHref } from './mention-links';
import { gatewayImageSource, isExternalHttpUrl, transformUrl } from './safe-urls';
import { MARKUP_DIGEST_ATTRIBUTE, MARKUP_ID_ATTRIBUTE, textDigest } from './server-markup';
import styles from './markdown.module.css';

const LINK_REL = 'noopener noreferrer nofollow';

type LinkProps = ComponentProps<'a'>;

/** Props are the sanitized element's (ids, footnote data); target and rel are always ours. */
function SafeLink({ href, children, target: _target, rel: _rel, ...rest }: LinkProps) {
  // transformUrl already removed every href that is not http(s), mailto or an in-page fragment.
  if (!href) return <span>{children}</span>;
  if (isMentionHref(href)) {
    return (
      <Link {...rest} to={href} data-mention="">
        {children}
      </Link>
    );
  }
  if (href.startsWith('#')) {
    return (
      <a {...rest} href={href}>
        {children}
      </a>
    );
  }
  return (
    <a {...rest} href={href} target="_blank" rel={LINK_REL}>
      {children}
    </a>
  );
}

function SafeImage({ src, alt, title }: { src?: string | Blob; alt?: string; title?: string }) {
  const { t } = useTranslation('common');
  const url = typeof src === 'string' ? src : '';
  const gateway = gatewayImageSource(url);
  if (gateway) {
    return (
      <img
        className={styles.image}
        src={gateway}
        alt={alt ?? ''}
        title={title}
        loading="lazy"
        decoding="async"
      />
    );
  }
  // Images from elsewhere are not loaded; the reader may follow them as a link.
  const label = alt?.trim() || url || t('richText.image');
  return isExternalHttpUrl(url) ? (
    <a href={url} target="_blank" rel={LINK_REL}>
      {label}
    </a>
  ) : (
    <span>{label}</span>
  );
}

/** A heading one or two levels below the page's own h1 (title) and h2 (Comments). */
const shifted =
  (Tag: 'h3' | 'h4' | 'h5' | 'h6') =>
  ({ node: _node, ...props }: ComponentProps<'h1'> & ExtraProps) => <Tag {...props} />;

const COMPONENTS: Components = {
  a: ({ node: _node, ...props }) => <SafeLink {...props} />,
  img: ({ src, alt, title }) => <SafeImage src={src} alt={alt} title={title} />,
  // Wide tables scroll on their own instead of widening the page on a phone.
  table: ({ children }: ComponentProps<'table'>) => (
    <div className={styles.tableScroll}>
      <table>{children}</table>
    </div>
  ),
  h1: shifted('h3'),
  h2: shifted('h4'),
  h3: shifted('h5'),
  h4: shifted('h6'),
  h5: shifted('h6'),
  h6: shifted('h6'),
};

export type MarkdownRendererProps = {
  text: string;
  className?: string;
  testId?: string;
  /**
   * Where the text stands on the page (RichText's `useId`): marked on the markup, which a
   * hydrating page keeps instead of rendering it again (server-markup.ts).
   */
  markupId?: string;
};

/**
 * User-written Markdown with math, sanitized: the one renderer of markdown-pipeline.ts's one
 * configuration, the same on the server and in the browser for every surface. RichText loads it
 * as a chunk of its own (lazy-renderer.ts); memo keeps a long thread from parsing every comment
 * again when one of them is liked.
 */
export default memo(function MarkdownRenderer({
  text,
  className,
  testId,
  markupId,
}: MarkdownRendererProps) {
  const ownId = useId();
  const id = markupId ?? ownId;
  // One prefix per text: ids (footnotes) must be unique on a page with many comments.
  const idPrefix = `user-content-${id.replace(/[^\w-]/g, '')}-`;
  const plugins = useMemo(() => rehypePlugins(idPrefix), [idPrefix]);
  const { t } = useTranslation('common');
  // The footnotes' hidden heading and back links are the page's words, not the author's.
  const remarkRehypeOptions = useMemo(
    () => ({
      ...REMARK_REHYPE_OPTIONS,
      footnoteLabel: t('richText.footnotes'),
      footnoteBackLabel: (reference: number, rereference: number) =>
        t('richText.backToReference', {
          reference: `${reference + 1}${rereference > 1 ? `-${rereference}` : ''}`,
        }),
    }),
    [t],
  );
  return (
    <div
      className={className ? `${className} ${styles.markdown}` : styles.markdown}
      data-testid={testId}
      data-rich-text="markdown"
      {...(markupId && {
        [MARKUP_ID_ATTRIBUTE]: markupId,
        [MARKUP_DIGEST_ATTRIBUTE]: textDigest(text),
      })}
      translate="no"
    >
      <Markdown
        remarkPlugins={REMARK_PLUGINS}
        remarkRehypeOptions={remarkRehypeOptions}
        rehypePlugins={plugins}
        urlTransform={transformUrl}
        components={COMPONENTS}
      >
        {text}
      </Markdown>
    </div>
  );
});
