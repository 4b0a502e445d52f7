import { z } from 'zod';
import { MOBILE_PHONE_PATTERN } from '../feedback-rules';

/** The response envelope of every call: code 200 means success. */
export interface Envelope<T> {
  readonly code: number;
  readonly msg: string;
  readonly data: T;
}

/** A paged list as the spec reads it: data.list and data.total. */
export interface Page<T> {
  readonly list: T[];
  readonly total: number;
  readonly pageNum: number;
  readonly pageSize: number;
}

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_CHOICES = [10, 20, 30, 50] as const;
export const PAGE_SIZE_MAX = 100;

export const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
export const phoneSchema = z.string().trim().regex(MOBILE_PHONE_PATTERN, 'validation.phone');
/** Project ids arrive as numbers or strings; kept as strings. */
export const projectIdSchema = z
  .union([z.string().trim().min(1).max(64), z.number().int().nonnegative()])
  .transform(String);
export const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date');

export const pageFields = {
  pageNum: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
};
export const pageQuerySchema = z.object(pageFields);
export type PageQuery = z.infer<typeof pageQuerySchema>;
