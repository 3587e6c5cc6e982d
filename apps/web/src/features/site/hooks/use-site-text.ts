import { useQuery } from '@tanstack/react-query';
import { siteTextQuery, type SiteTextPath } from '../api';

/**
 * One of the root's texts. `text` is '' while unset and also when it could not be read: the page then shows
 * its built-in content, which is what a visitor needs most (the status loader already says the server is down).
 */
export function useSiteText(path: SiteTextPath): { text: string; isLoading: boolean } {
  const query = useQuery(siteTextQuery(path));
  return { text: query.data ?? '', isLoading: query.isLoading };
}
