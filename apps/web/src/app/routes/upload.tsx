import { ComingSoon } from '@/components/ui/coming-soon/coming-soon';
import { useDocumentTitle } from '@/lib/document-title';

const TITLE = 'Decentralized Storage on IPFS';

export function UploadRoute() {
  useDocumentTitle(TITLE);
  return <ComingSoon title={TITLE} />;
}
