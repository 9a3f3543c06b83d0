import { lazy, Suspense, useState } from 'react';
import type { ReportTargetType } from '@symposia/shared';
import { useAuth } from '@/lib/auth-store';
import type { ReportDialogProps } from './report-dialog';

// The form, its schema and the modal load when someone actually reports something.
const ReportDialog = lazy(() => import('./report-dialog'));

type ReportButtonProps = {
  targetType: ReportTargetType;
  targetId: string;
  /** Who wrote it (the member themself for a member): nobody reports their own content. */
  authorId: string;
  /** Who or what is reported, in words, for the dialog and screen readers: "the comment by alice". */
  subject: ReportDialogProps['subject'];
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
  subject,
  className = 'button button-secondary',
}: ReportButtonProps) {
  const { token, user } = useAuth();
  const [open, setOpen] = useState(false);
  if (!token || (user && user.id === authorId)) return null;
  return (
    <>
      <button
        type="button"
        className={className}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Report<span className="visually-hidden"> {subject}</span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog
            targetType={targetType}
            targetId={targetId}
            subject={subject}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
