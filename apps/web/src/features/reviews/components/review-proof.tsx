import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '@/components/ui/query-status/query-status';
import { useReviewProof } from '../api/get-review-proof';
import styles from './review-item.module.css';

/**
 * "Proof": opened, it reads the review's anchored receipt (GET /reviews/{id}/proof) and shows its
 * CID, the epoch's Merkle root and the memo transaction's signature — enough to check it with any
 * IPFS tool and Solana client (docs/RECEIPTS.md) — or that it is not anchored yet.
 */
export function ReviewProof({ reviewId }: { reviewId: string }) {
  const { t } = useTranslation('reviews');
  const regionId = useId();
  const [open, setOpen] = useState(false);
  const query = useReviewProof(reviewId, open);
  const proof = query.data;

  return (
    <div className={styles.proof}>
      <button
        type="button"
        className="button button-secondary"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((shown) => !shown)}
      >
        {t('item.proof')}
      </button>
      {open ? (
        <div id={regionId} data-testid="review-proof">
          {proof === null ? (
            <p className={styles.meta}>{t('item.notAnchored')}</p>
          ) : proof ? (
            <dl className={styles.proofFields}>
              <dt>{t('item.proofCid')}</dt>
              <dd translate="no">{proof.cid}</dd>
              <dt>{t('item.proofRoot')}</dt>
              <dd translate="no">{proof.root}</dd>
              <dt>{t('item.proofSignature')}</dt>
              <dd translate="no">{proof.signature}</dd>
            </dl>
          ) : (
            <QueryStatus
              query={query}
              loading={t('item.proofLoading')}
              failed={t('item.proofFailed')}
            />
          )}
        </div>
      ) : null}
    </div>
  );
}
