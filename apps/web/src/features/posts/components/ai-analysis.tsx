import type { PostStatus } from '@symposia/shared';
import { parseAnalysis } from '../utils/analysis';
import styles from './ai-analysis.module.css';

type AiAnalysisProps = {
  /** The post's `ai_analysis`: a JSON string, or '' before the analysis exists. */
  raw: string;
  status: PostStatus;
  /** Why processing gave up; the server sends it to the post's author only. */
  processingError?: string;
};

export const ANALYSIS_PENDING = 'Analysis in progress';
export const ANALYSIS_NONE = 'No AI analysis yet.';
export const ANALYSIS_FAILED = 'The analysis could not be completed';

/**
 * The AI analysis box (spec §2, §3): key points from the summary's paragraphs and '- ' lists, and
 * the suggested tags; placeholder text while there is none (or none that can be read).
 */
export function AiAnalysis({ raw, status, processingError }: AiAnalysisProps) {
  const analysis = parseAnalysis(raw);

  return (
    <section className={styles.box} aria-labelledby="ai-analysis-title">
      <h2 id="ai-analysis-title" className={styles.title}>
        <span className={styles.spark} aria-hidden="true">
          ✦
        </span>
        AI Analysis
      </h2>
      {analysis.kind === 'none' && processingError !== undefined ? (
        <p className={styles.placeholder} role="status">
          {ANALYSIS_FAILED}: {processingError}
        </p>
      ) : analysis.kind === 'none' ? (
        <p className={styles.placeholder}>
          {status === 'processing' && analysis.reason === 'empty'
            ? `${ANALYSIS_PENDING}…`
            : ANALYSIS_NONE}
        </p>
      ) : (
        <>
          {analysis.blocks.length ? (
            <div className={styles.part}>
              <h3 className={styles.subtitle}>Key points</h3>
              {analysis.blocks.map((block, index) =>
                block.type === 'paragraph' ? (
                  <p key={index}>{block.text}</p>
                ) : (
                  <ul key={index} className={styles.list}>
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
              <h3 className={styles.subtitle}>Suggested tags</h3>
              <ul className={styles.tags} aria-label="Suggested tags">
                {analysis.tags.map((tag) => (
                  <li key={tag} className={styles.tag}>
                    #{tag}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
