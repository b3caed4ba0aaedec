import { LoadingsArchivePage } from '../../features/loadings/archive/LoadingsArchivePage.tsx';
import { pageTitles } from '../messages.ts';
import { usePageTitle } from '../usePageTitle.ts';

/** /loadings/archive (its own chunk: no calendar library). */
export function LoadingsArchiveRoute() {
  usePageTitle(pageTitles.loadingsArchive);
  return <LoadingsArchivePage />;
}
