import { useTranslation } from 'react-i18next';
import { NotFoundView } from '@/components/ui/not-found-view/not-found-view';

type PostNotFoundProps = {
  onBack: () => void;
};

/** The detail's failure page for a post that is missing or not visible (spec §2). */
export function PostNotFound({ onBack }: PostNotFoundProps) {
  const { t } = useTranslation(['messages', 'profile']);
  return (
    <NotFoundView
      title={t('messages:postNotFoundTitle')}
      text={t('messages:postNotFoundText')}
      action={
        <button type="button" className="button button-primary" onClick={onBack}>
          {t('profile:backToForum')}
        </button>
      }
    />
  );
}
