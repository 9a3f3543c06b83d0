import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ReviewQueue } from '@/features/reviews/components/review-queue';
import { useDocumentTitle } from '@/lib/document-title';

/** The review queue (issue 29): the tag lives in the address (`?tag=`), as the forum's search. */
export function ReviewsRoute() {
  const { t } = useTranslation('routes');
  useDocumentTitle(t('titles.reviews'));
  const [params, setParams] = useSearchParams();
  const tag = (params.get('tag') ?? '').trim();
  return (
    <ReviewQueue
      key={tag}
      tag={tag}
      onTagChange={(next) => setParams(next ? { tag: next } : {}, { replace: false })}
    />
  );
}
