/** Every /api answer. Business failures are HTTP 200 with success=false and a localised message. */
export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  data?: T;
}

export interface Page<T> {
  items: T[];
  page: number;
  page_size: number;
  total: number;
}

export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
