import { Trans, useTranslation } from 'react-i18next';
import type { ReportTargetType } from '@symposia/shared';

type ReportSubjectProps = {
  targetType: ReportTargetType;
  /** The post's title, or the username of the member or of the comment's or review's author. */
  name: string;
};

/**
 * What is reported, in words: "the post “Title”", "the comment by alice", "the review by carol"
 * (or "an anonymous review"), "the member bob". The title or username is user content, marked so
 * that no translation touches it.
 */
export function ReportSubject({ targetType, name }: ReportSubjectProps) {
  const { t } = useTranslation(['reports', 'messages']);
  // The reader may not know who wrote an anonymous review: it is named by what it is.
  if (targetType === 'review' && !name.trim()) return <>{t('subject.anonymousReview')}</>;
  const shown =
    name.trim() || (targetType === 'post' ? t('untitledPost') : t('messages:anonymous'));
  return (
    <Trans
      t={t}
      i18nKey={`subject.${targetType}`}
      values={{ name: shown }}
      components={{ name: <span translate="no" /> }}
    />
  );
}
