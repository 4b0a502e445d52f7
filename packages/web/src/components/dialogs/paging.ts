import { MEMBERSHIP_PAGE_SIZE_DEFAULT } from '@pvplan/contract';

export interface PageState {
  readonly pageNum: number;
  readonly pageSize: number;
}

/** The dialogs' first page at the default size of 10 rows (spec 001 §9). */
export const FIRST_PAGE: PageState = { pageNum: 1, pageSize: MEMBERSHIP_PAGE_SIZE_DEFAULT };

/**
 * The page to show after the user picks a page or size: a new size goes back to page 1 (the old
 * page number may not exist any more).
 */
export function nextPage(current: PageState, pageNum: number, pageSize: number): PageState {
  return pageSize !== current.pageSize ? { pageNum: 1, pageSize } : { pageNum, pageSize };
}

/** After deleting the last row of a page, show the page before it (page 1 at least). */
export function pageAfterDelete(current: PageState, rowsOnPage: number): PageState {
  return rowsOnPage <= 1 && current.pageNum > 1 ? { ...current, pageNum: current.pageNum - 1 } : current;
}
