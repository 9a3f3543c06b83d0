import type { Element, ElementContent, Root as HastRoot, RootContent as HastContent } from 'hast';
import type { KatexOptions } from 'katex';
import type {
  Parents as MdastParents,
  PhrasingContent,
  Root as MdastRoot,
  RootContent,
  Text,
} from 'mdast';
import rehypeKatex from 'rehype-katex';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import remarkBreaks from 'remark-breaks';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import type { Options as MarkdownOptions } from 'react-markdown';
import { findMentions } from '@symposia/shared';
import { mentionHref } from './mention-links';

type PluggableList = NonNullable<MarkdownOptions['remarkPlugins']>;

/*
 * The Markdown pipeline, the one configuration of every text members write (posts, comments,
 * previews, reviews: markdown-renderer.tsx is its one renderer, on the server and in the browser):
 * CommonMark + GFM (tables, code, strikethrough, task lists, autolinks) + `$…$` / `$$…$$` math, a
 * single newline kept as a line break (the spec's "content split by lines"), KaTeX for the math,
 * then a sanitizer over the whole result, KaTeX's output included. Raw HTML is never parsed into
 * elements: it is shown as the text that was typed.
 */

/**
 * KaTeX may render only what is safe to show: `trust: false` refuses `\href`, `\url`,
 * `\includegraphics` and the `\html…` commands (they render as red source text); `strict: true`
 * reports non-standard LaTeX (rehype-katex then renders it once more leniently, so the reader still
 * sees it); `maxSize` caps user-chosen sizes such as `\rule{1000em}{1000em}` that would cover the
 * page; `maxExpand` bounds macro expansion.
 */
export const KATEX_OPTIONS: KatexOptions = {
  trust: false,
  strict: true,
  maxSize: 10,
  maxExpand: 1000,
  output: 'htmlAndMathml',
};

// --- remark (Markdown tree) -----------------------------------------------------------------------

const FLOW_PARENTS = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

/** Raw HTML (`<script>…`, `<img onerror=…>`) becomes the text it was written as. */
function remarkRawHtmlAsText() {
  const walk = (parent: MdastParents) => {
    const children = parent.children as RootContent[];
    children.forEach((child, index) => {
      if (child.type !== 'html') {
        if ('children' in child) walk(child);
        return;
      }
      const text: Text = { type: 'text', value: child.value, position: child.position };
      children[index] = FLOW_PARENTS.has(parent.type)
        ? { type: 'paragraph', children: [text], position: child.position }
        : text;
    });
  };
  return (tree: MdastRoot) => walk(tree);
}

/**
 * Which dollars are display math: the rule GitHub follows (its math is MathJax's, where `$$` means
 * display wherever it stands). `$$…$$` is display math, a centred block of its own, whether it is
 * written on a line of its own (`$$\int_0^1 x\,dx$$`) or in the middle of a sentence; `$…$` is
 * inline. remark-math alone makes display math only of a `$$` fence whose formula starts on the
 * next line, and reads `$$x$$` on one line — the way most researchers write a formula on its own
 * line — as inline math: this step marks it as display. Who wants a formula inline writes `$…$`.
 *
 * A single-dollar span follows Pandoc's rule so that prices are not math: no space just inside the
 * dollars and no digit right after the closing one ("costs $5 and $10" stays text).
 */
function remarkMathDelimiters() {
  return (tree: MdastRoot, file: { value: unknown }) => {
    const source = String(file.value);
    const walk = (parent: MdastParents) => {
      const children = parent.children as RootContent[];
      children.forEach((child, index) => {
        if (child.type !== 'inlineMath') {
          if ('children' in child) walk(child);
          return;
        }
        const start = child.position?.start.offset;
        const end = child.position?.end.offset;
        if (start === undefined || end === undefined) return;
        const written = source.slice(start, end);
        if (written.startsWith('$$')) {
          child.data = {
            ...child.data,
            hProperties: { className: ['language-math', 'math-display'] },
          };
        } else if (/^\s|\s$/.test(child.value) || /^\d/.test(source.slice(end, end + 1))) {
          children[index] = { type: 'text', value: written, position: child.position };
        }
      });
    };
    walk(tree);
  };
}

/**
 * Each `@username` (shared/mentions.ts, the reading the server notifies by) becomes a link to the
 * member's profile; not inside a link, and not in code, whose text is no `text` node.
 */
function remarkMentions() {
  const walk = (parent: MdastParents) => {
    const children = parent.children as RootContent[];
    for (let index = children.length - 1; index >= 0; index -= 1) {
      const child = children[index]!;
      if (child.type === 'link' || child.type === 'linkReference') continue;
      if (child.type !== 'text') {
        if ('children' in child) walk(child);
        continue;
      }
      const mentions = findMentions(child.value);
      if (mentions.length === 0) continue;
      const parts: PhrasingContent[] = [];
      let at = 0;
      for (const { start, end, username } of mentions) {
        if (start > at) parts.push({ type: 'text', value: child.value.slice(at, start) });
        parts.push({
          type: 'link',
          url: mentionHref(username),
          children: [{ type: 'text', value: `@${username}` }],
        });
        at = end;
      }
      if (at < child.value.length) parts.push({ type: 'text', value: child.value.slice(at) });
      children.splice(index, 1, ...(parts as RootContent[]));
    }
  };
  return (tree: MdastRoot) => walk(tree);
}

export const REMARK_PLUGINS: PluggableList = [
  remarkGfm,
  remarkMath,
  remarkRawHtmlAsText,
  remarkMathDelimiters,
  remarkBreaks,
  remarkMentions,
];

// --- rehype (HTML tree) ---------------------------------------------------------------------------

/** The MathML elements KaTeX writes (KaTeX's src/mathMLTree.ts, MathNodeType). */
const MATHML_TAGS = [
  'math',
  'annotation',
  'semantics',
  'mtext',
  'mn',
  'mo',
  'mi',
  'mspace',
  'mover',
  'munder',
  'munderover',
  'msup',
  'msub',
  'msubsup',
  'mfrac',
  'mroot',
  'msqrt',
  'mtable',
  'mtr',
  'mtd',
  'mlabeledtr',
  'mrow',
  'menclose',
  'mstyle',
  'mpadded',
  'mphantom',
  'mglyph',
];

/** Presentation attributes KaTeX sets on MathML; none of them holds a URL or a script. */
const MATHML_ATTRIBUTES = [
  'className',
  'xmlns',
  'display',
  'encoding',
  'mathvariant',
  'stretchy',
  'fence',
  'separator',
  'lspace',
  'rspace',
  'minsize',
  'maxsize',
  'largeop',
  'symmetric',
  'movablelimits',
  'accent',
  'accentunder',
  'linethickness',
  'scriptlevel',
  'displaystyle',
  'mathcolor',
  'mathbackground',
  'mathize',
  'width',
  'height',
  'depth',
  'voffset',
  'notation',
  'rowspacing',
  'columnspacing',
  'columnalign',
  'columnlines',
  'rowlines',
  'linebreak',
  'valign',
  'style',
];

/**
 * GitHub's allow-list (hast-util-sanitize's default) plus what KaTeX renders: its spans (classes,
 * inline sizes, aria-hidden, an error's title), MathML, and the SVG of stretchy symbols (paths and
 * lines only). Markdown alone cannot produce a span, a style or an SVG, so allowing them for KaTeX
 * opens nothing to the author. Links keep only http(s) and mailto; images only http(s) (and the
 * image component narrows that to the gateway). Ids get a per-text prefix so one text's footnotes
 * cannot clash with another's or with the page's own elements.
 */
export function sanitizeSchema(idPrefix: string): SanitizeSchema {
  const attributes = defaultSchema.attributes ?? {};
  return {
    ...defaultSchema,
    clobberPrefix: idPrefix,
    tagNames: [...(defaultSchema.tagNames ?? []), 'span', 'svg', 'path', 'line', ...MATHML_TAGS],
    attributes: {
      ...attributes,
      span: ['className', 'style', 'ariaHidden', 'title'],
      svg: ['xmlns', 'width', 'height', 'viewBox', 'preserveAspectRatio', 'style'],
      path: ['d'],
      line: ['x1', 'y1', 'x2', 'y2', 'strokeWidth'],
      h2: [['className', 'visually-hidden']],
      ...Object.fromEntries(MATHML_TAGS.map((tag) => [tag, MATHML_ATTRIBUTES])),
    },
    protocols: {
      ...defaultSchema.protocols,
      href: ['http', 'https', 'mailto'],
      src: ['http', 'https'],
    },
    // Nothing in the tree is a script, but the sanitizer should not keep one's text either.
    strip: ['script', 'style'],
  };
}

const isElement = (node: HastContent | ElementContent): node is Element => node.type === 'element';

/** In-page links (footnotes) follow their targets' ids, which the sanitizer prefixed. */
function rehypePrefixFragmentLinks(idPrefix: string) {
  const walk = (nodes: (HastContent | ElementContent)[]) => {
    for (const node of nodes) {
      if (!isElement(node)) continue;
      const href = node.properties.href;
      if (node.tagName === 'a' && typeof href === 'string' && href.startsWith('#')) {
        node.properties.href = `#${idPrefix}${href.slice(1)}`;
      }
      walk(node.children);
    }
  };
  return () => (tree: HastRoot) => walk(tree.children);
}

/**
 * The rehype plugins for one rendered text; `idPrefix` must be unique on the page. KaTeX runs
 * before the sanitizer, so its output is sanitized too.
 */
export function rehypePlugins(idPrefix: string): PluggableList {
  return [
    [rehypeKatex, KATEX_OPTIONS],
    [rehypeSanitize, sanitizeSchema(idPrefix)],
    rehypePrefixFragmentLinks(idPrefix),
  ];
}

/**
 * remark-rehype leaves ids unprefixed (the sanitizer prefixes them) and hides the footnotes'
 * heading the way this app hides text for screen readers only.
 */
export const REMARK_REHYPE_OPTIONS = {
  clobberPrefix: '',
  footnoteLabelProperties: { className: ['visually-hidden'] },
};
