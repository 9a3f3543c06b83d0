import { Link, useParams } from 'react-router';
import { ComingSoon } from '@/components/ui/coming-soon/coming-soon';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';

export function PostDetailRoute() {
  const { id = '' } = useParams();
  useDocumentTitle('Post');
  return (
    <ComingSoon title="Post">
      <p>
        Post ID: <code>{id}</code>
      </p>
      <p>
        <Link to={paths.forum.href()}>Back to Forum</Link>
      </p>
    </ComingSoon>
  );
}
