import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportTargetType } from '@symposia/shared';
import { useAuth } from '@/lib/auth-store';
import { ReportSubject } from './report-subject';

// The form, its schema and the modal load when someone actually reports something.
const ReportDialog = lazy(() => import('./report-dialog'));

type ReportButtonProps = {
  targetType: ReportTargetType;
  targetId: string;
  /** Who wrote it (the member themself for a member): nobody reports their own content. */
  authorId: string;
  /**
   * The post's title, or the username of the member or of the comment's author: the dialog and
   * screen readers name what is reported with it ("the comment by alice"), in the reader's language.
   */
  name: string;
  /** The look of the place it sits in (an action row, a toolbar); a secondary button by default. */
  className?: string;
};

/**
 * "Report" on a post, a comment or an author profile, for signed-in members other than its
 * author: opens the report dialog. Focus returns here when the dialog closes.
 */
export function ReportButton({
  targetType,
  targetId,
  authorId,
  name,
  className = 'button button-secondary',
}: ReportButtonProps) {
  const { t } = useTranslation('reports');
  const { token, user } = useAuth();
  const [open, setOpen] = useState(false);
  if (!token || (user && user.id === authorId)) return null;
  const subjectText = <ReportSubject targetType={targetType} name={name} />;
  return (
    <>
      <button
        type="button"
        className={className}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {t('report')}
        <span className="visually-hidden"> {subjectText}</span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog
            targetType={targetType}
            targetId={targetId}
            subject={subjectText}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
