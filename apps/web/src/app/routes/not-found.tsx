import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NotFoundView } from '@/components/ui/not-found-view/not-found-view';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';

export function NotFoundRoute() {
  const { t } = useTranslation(['routes', 'messages']);
  useDocumentTitle(t('messages:pageNotFoundTitle'));
  return (
    <NotFoundView
      title={t('messages:pageNotFoundTitle')}
      text={t('messages:pageNotFoundText')}
      action={
        <Link to={paths.home.href()} className="button button-primary">
          {t('goHome')}
        </Link>
      }
    />
  );
}
