import { HomePage } from '@/features/home/components/home-page';
import { useDocumentTitle } from '@/lib/document-title';

export function HomeRoute() {
  useDocumentTitle();
  return <HomePage />;
}
