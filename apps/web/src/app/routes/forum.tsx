import { ComingSoon } from '@/components/ui/coming-soon/coming-soon';
import { useDocumentTitle } from '@/lib/document-title';

const TITLE = 'Community Forum';

export function ForumRoute() {
  useDocumentTitle(TITLE);
  return <ComingSoon title={TITLE} />;
}
