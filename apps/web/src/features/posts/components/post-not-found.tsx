import { MESSAGES, PROFILE_SCREEN_TEXT } from '@symposia/shared';
import { NotFoundView } from '@/components/ui/not-found-view/not-found-view';

type PostNotFoundProps = {
  onBack: () => void;
};

/** The detail's failure page for a post that is missing or not visible (spec §2). */
export function PostNotFound({ onBack }: PostNotFoundProps) {
  return (
    <NotFoundView
      title={MESSAGES.postNotFoundTitle}
      text={MESSAGES.postNotFoundText}
      action={
        <button type="button" className="button button-primary" onClick={onBack}>
          {PROFILE_SCREEN_TEXT.backToForum}
        </button>
      }
    />
  );
}
