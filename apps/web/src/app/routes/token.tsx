import { ComingSoon } from '@/components/ui/coming-soon/coming-soon';
import { useDocumentTitle } from '@/lib/document-title';

const TITLE = 'Token Management';

export function TokenRoute() {
  useDocumentTitle(TITLE);
  return <ComingSoon title={TITLE} />;
}
