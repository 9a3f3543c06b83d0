import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { CitationFormat } from '@symposia/shared';
import { Modal } from '@/components/ui/modal/modal';
import { OrcidBadge } from '@/components/ui/orcid-badge/orcid-badge';
import { notify } from '@/components/ui/toast/toast';
import { QueryStatus } from '@/components/ui/query-status/query-status';
import { ApiError } from '@/lib/api-client';
import { usePostCitation } from '../api/get-post-citation';
import styles from './cite-dialog.module.css';

/** A format's own name (BibTeX, RIS, CSL-JSON): the same in every language. */
type CitationTab = { format: CitationFormat; label: string };

const BIBTEX_TAB: CitationTab = { format: 'bibtex', label: 'BibTeX' };

/** The formats of GET /media/{id}/cite, as their tabs name them; BibTeX opens first. */
export const CITATION_TABS: readonly CitationTab[] = [
  BIBTEX_TAB,
  { format: 'ris', label: 'RIS' },
  { format: 'csl', label: 'CSL-JSON' },
];

const ORCID_RECORD = /^https?:\/\/[^/]+\/(\d{4}-\d{4}-\d{4}-\d{3}[\dX])$/;

/** The first author's ORCID record in a CSL-JSON citation (as text), if it names one. */
export function orcidOfCitation(csl: string | undefined): { orcid: string; url: string } | null {
  if (csl === undefined) return null;
  try {
    const [item] = JSON.parse(csl) as { author?: { _orcid?: unknown }[] }[];
    const url = item?.author?.[0]?._orcid;
    const match = typeof url === 'string' ? ORCID_RECORD.exec(url) : null;
    return match ? { orcid: match[1]!, url: match[0] } : null;
  } catch {
    return null;
  }
}

type CiteDialogProps = {
  postId: string;
  /** The post's `edited_at`: the citation of an edited post is read anew. */
  version: string | null;
  onClose: () => void;
};

/**
 * The citation of a post in BibTeX, RIS or CSL-JSON, one tab each (arrow keys, Home
 * and End move between them, as WAI-ARIA tabs do), with a Copy button for the shown one. Each
 * format is fetched when its tab is first opened; CSL-JSON also at once, for the author's ORCID
 * iD it names (issue 30), shown as its badge.
 */
export function CiteDialog({ postId, version, onClose }: CiteDialogProps) {
  const { t } = useTranslation(['posts', 'messages']);
  const titleId = useId();
  const baseId = useId();
  const [selected, setSelected] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = CITATION_TABS[selected] ?? BIBTEX_TAB;
  const query = usePostCitation(postId, version, current.format, {
    throwOnError: (error) => !(error instanceof ApiError),
  });
  // The author's ORCID iD, as the CSL-JSON citation carries it (`_orcid`), shown as its badge.
  const csl = usePostCitation(postId, version, 'csl', { throwOnError: () => false });
  const authorOrcid = orcidOfCitation(csl.data);
  const tabId = (index: number) => `${baseId}-tab-${index}`;
  const panelId = `${baseId}-panel`;

  const choose = (index: number) => {
    const count = CITATION_TABS.length;
    const next = ((index % count) + count) % count;
    setSelected(next);
    tabs.current[next]?.focus();
  };

  const onTabKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: selected + 1,
      ArrowLeft: selected - 1,
      Home: 0,
      End: CITATION_TABS.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    choose(target);
  };

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      notify.success(t('messages:citationCopied'));
    } catch {
      // No clipboard (an insecure origin, a refused permission): the text is there to select.
      notify.error(t('messages:citationCopyFailed'));
    }
  };

  return (
    <Modal labelledBy={titleId} onClose={onClose} size="wide">
      <h2 id={titleId} className={styles.heading}>
        {t('posts:cite.title')}
      </h2>
      {authorOrcid ? (
        <p className={styles.author}>
          {t('posts:cite.authorOrcid')}{' '}
          <OrcidBadge orcid={authorOrcid.orcid} url={authorOrcid.url} />
        </p>
      ) : null}
      <div
        role="tablist"
        aria-label={t('posts:cite.formats')}
        className={styles.tabs}
        onKeyDown={onTabKeyDown}
      >
        {CITATION_TABS.map((tab, index) => (
          <button
            key={tab.format}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={tabId(index)}
            aria-selected={index === selected}
            aria-controls={panelId}
            tabIndex={index === selected ? 0 : -1}
            data-autofocus={index === selected ? true : undefined}
            className={styles.tab}
            onClick={() => choose(index)}
          >
            <span translate="no">{tab.label}</span>
          </button>
        ))}
      </div>

      <div role="tabpanel" id={panelId} aria-labelledby={tabId(selected)} className={styles.panel}>
        {query.data !== undefined ? (
          <>
            <pre
              className={styles.text}
              tabIndex={0}
              aria-label={t('posts:cite.citation', { format: current.label })}
              data-testid="citation-text"
              // The post's own title, authors and address, written in the format's syntax.
              translate="no"
            >
              {query.data}
            </pre>
            <div className={styles.actions}>
              <button
                type="button"
                className="button button-primary"
                onClick={() => void copy(query.data)}
              >
                <Trans
                  t={t}
                  i18nKey="posts:cite.copy"
                  values={{ format: current.label }}
                  components={{ name: <span translate="no" /> }}
                />
              </button>
            </div>
          </>
        ) : (
          <QueryStatus
            query={query}
            loading={t('posts:cite.loading')}
            failed={t('messages:citationLoadFailed')}
          />
        )}
      </div>
    </Modal>
  );
}

/** The detail page's Cite button: opens the citation dialog of the post. */
export function CiteButton({ postId, version }: { postId: string; version: string | null }) {
  const { t } = useTranslation('posts');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`button button-secondary ${styles.citeButton}`}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {t('cite.button')}
      </button>
      {open ? (
        <CiteDialog postId={postId} version={version} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}
