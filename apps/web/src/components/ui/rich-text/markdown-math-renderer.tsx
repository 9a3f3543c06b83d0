// KaTeX and its styles (and fonts) come with this chunk only: texts without math never load them.
import 'katex/dist/katex.min.css';
import { memo } from 'react';
import rehypeKatex from 'rehype-katex';
import { KATEX_OPTIONS, type Pluggable } from './markdown-pipeline';
import { MarkdownRenderer, type MarkdownRendererProps } from './markdown-renderer';

const KATEX: Pluggable = [rehypeKatex, KATEX_OPTIONS];

/** What RichText loads lazily for a text with math: the Markdown renderer with KaTeX. */
export default memo(function MathMarkdownRenderer(props: MarkdownRendererProps) {
  return <MarkdownRenderer {...props} math={KATEX} />;
});
