import { toIso } from '../shared/clock';

export interface Envelope<T> {
  success: true;
  data: T;
  message: string;
  timestamp: string;
}

export interface ListEnvelope<T> extends Envelope<T> {
  total_items: number;
  total_pages: number;
  page: number;
  page_size: number;
}

export function ok<T>(data: T, message = 'OK', now = Date.now()): Envelope<T> {
  return { success: true, data, message, timestamp: toIso(now) };
}

export function okList<T>(
  data: T,
  paging: { page: number; pageSize: number; total: number },
  message = 'OK',
  now = Date.now(),
): ListEnvelope<T> {
  return {
    ...ok(data, message, now),
    total_items: paging.total,
    total_pages: Math.ceil(paging.total / paging.pageSize),
    page: paging.page,
    page_size: paging.pageSize,
  };
}
