import { z } from 'zod';
import { IsoTimestamp } from './common';

/** The success envelope every /api answer uses (spec part 1 section 3). */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({
    success: z.literal(true),
    data,
    message: z.string(),
    timestamp: IsoTimestamp,
  });

/** Lists carry their paging fields at the top level beside `data`. */
export const listEnvelope = <T extends z.ZodType>(data: T) =>
  envelope(data).extend({
    total_items: z.number().int().nonnegative(),
    total_pages: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    page_size: z.number().int().positive(),
  });

/** Every /api error: `detail` is the text the console shows, `code` a stable name. */
export const ErrorBody = z.object({
  success: z.literal(false),
  message: z.string(),
  detail: z.string(),
  code: z.string().regex(/^[A-Z][A-Z0-9_]*$/),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(10_000).default(20),
});
