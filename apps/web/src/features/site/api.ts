import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

/** The root's texts for visitors (Other settings): empty when unset. */
export type SiteTextPath = '/api/notice' | '/api/home_page_content' | '/api/about';

export const siteTextQuery = (path: SiteTextPath) =>
  queryOptions({
    queryKey: ['site-text', path],
    queryFn: () => apiClient.get<string>(path),
    // Read again on each visit to the page: a saved change shows without a reload.
    staleTime: 0,
  });
