import { Trans, useTranslation } from 'react-i18next';
import type { PostStatus } from '@symposia/shared';
import { TagList } from '@/components/ui/tag-list/tag-list';
import { parseAnalysis } from '../utils/analysis';
import styles from './ai-analysis.module.css';

type AiAnalysisProps = {
  /** The post's `ai_analysis`: a JSON string, or '' before the analysis exists. */
  raw: string;
  status: PostStatus;
  /** Why processing gave up; the server sends it to the post's author only. */
  processingError?: string;
};

/**
 * The AI analysis box (spec §2, §3): key points from the summary's paragraphs and '- ' lists, and
 * the suggested tags; placeholder text while there is none (or none that can be read).
 */
export function AiAnalysis({ raw, status, processingError }: AiAnalysisProps) {
  const { t } = useTranslation('posts');
  const analysis = parseAnalysis(raw);

  return (
    <section className={styles.box} aria-labelledby="ai-analysis-title">
      <h2 id="ai-analysis-title" className={styles.title}>
        <span className={styles.spark} aria-hidden="true">
          ✦
        </span>
        {t('analysis.title')}
      </h2>
      {analysis.kind === 'none' && processingError !== undefined ? (
        <p className={styles.placeholder} role="status">
          {/* The server's reason, as it wrote it. */}
          <Trans
            t={t}
            i18nKey="analysis.failed"
            values={{ error: processingError }}
            components={{ term: <span translate="no" /> }}
          />
        </p>
      ) : analysis.kind === 'none' ? (
        <p className={styles.placeholder}>
          {status === 'processing' && analysis.reason === 'empty'
            ? t('analysis.pending')
            : t('analysis.none')}
        </p>
      ) : (
        <>
          {analysis.blocks.length ? (
            <div className={styles.part}>
              <h3 className={styles.subtitle}>{t('analysis.keyPoints')}</h3>
              {analysis.blocks.map((block, index) =>
                block.type === 'paragraph' ? (
                  <p key={index} translate="no">
                    {block.text}
                  </p>
                ) : (
                  <ul key={index} className={styles.list} translate="no">
                    {block.items.map((item, itemIndex) => (
                      <li key={itemIndex}>{item}</li>
                    ))}
                  </ul>
                ),
              )}
            </div>
          ) : null}
          {analysis.tags.length ? (
            <div className={styles.part}>
              <h3 className={styles.subtitle}>{t('analysis.suggestedTags')}</h3>
              <TagList
                tags={analysis.tags}
                label={t('analysis.suggestedTags')}
                hashed
                size="small"
                outlined
              />
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
