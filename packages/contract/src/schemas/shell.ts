import { z } from 'zod';
import { FEEDBACK_MAX_FILES } from '../feedback-rules';
import { idSchema, isoDateSchema, projectIdSchema } from './common';

/** Spec 000 §9: the dictionary page is fetched with size 99999999. */
export const DICT_FETCH_SIZE = 99_999_999;

export const dictPageQuery = z.object({
  size: z.coerce.number().int().min(1).max(DICT_FETCH_SIZE).default(DICT_FETCH_SIZE),
  current: z.coerce.number().int().min(1).max(1_000_000).default(1),
  dictKey: z.string().trim().max(64).optional(),
});

export const sysNoticeBody = z.object({ isOpen: z.coerce.number().int().min(0).max(1).optional() }).nullish();

export const saveActivityBody = z.object({
  time: isoDateSchema,
  operateUser: z.string().trim().min(1).max(64),
  projId: projectIdSchema.optional(),
});

export const activityQueryBody = z.object({ startTime: isoDateSchema, endTime: isoDateSchema });

export const feedbackImage = z.object({
  name: z.string().trim().min(1).max(255),
  url: z.string().trim().min(1).max(1024),
});

/** Structure only: the spec's contact/text messages are checked by feedback-rules in the service. */
export const feedbackBody = z.object({
  inserter: z.string().trim().max(64).optional(),
  inserterUserId: idSchema.optional(),
  suggestions: z.string().max(2000),
  contact: z.string().max(64),
  imgs: z.array(feedbackImage).max(FEEDBACK_MAX_FILES).default([]),
});

export const jobParams = z.object({ id: idSchema });

export type FeedbackBody = z.infer<typeof feedbackBody>;
export type SaveActivityBody = z.infer<typeof saveActivityBody>;

export interface NoticeInfo {
  readonly id: number;
  readonly title: string;
  readonly content: string;
  readonly startTime: string;
  readonly endTime: string;
  readonly isOpen: 0 | 1;
  readonly createTime: string;
}

/** A menu entry (spec 000 §3): M folder, C page, F button permission. */
export interface MenuEntry {
  readonly menuId: number;
  readonly parentId: number | null;
  readonly textCh: string;
  readonly textEn: string;
  readonly menuIcon: string | null;
  readonly menuLevel: number;
  readonly menuType: 'M' | 'C' | 'F';
  readonly menuState: 0 | 1;
  readonly routeUrl: string | null;
  readonly url: string | null;
  readonly buttonFlag: string | null;
  readonly menuOrder: number;
  readonly children: MenuEntry[];
}
