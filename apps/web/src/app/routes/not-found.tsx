import { Link } from 'react-router';
import { MESSAGES } from '@symposia/shared';
import { NotFoundView } from '@/components/ui/not-found-view/not-found-view';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';

export function NotFoundRoute() {
  useDocumentTitle(MESSAGES.pageNotFoundTitle);
  return (
    <NotFoundView
      title={MESSAGES.pageNotFoundTitle}
      text={MESSAGES.pageNotFoundText}
      action={
        <Link to={paths.home.href()} className="button button-primary">
          Go to Home
        </Link>
      }
    />
  );
}
