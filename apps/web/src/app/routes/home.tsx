import { ComingSoon } from '@/components/ui/coming-soon/coming-soon';
import { useDocumentTitle } from '@/lib/document-title';

export function HomeRoute() {
  useDocumentTitle();
  return (
    <ComingSoon title="Symposia">
      <p>Connecting academic thoughts, tokenizing research insights.</p>
    </ComingSoon>
  );
}
