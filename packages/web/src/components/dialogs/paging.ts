/** Pager choices of the dialogs (spec 001 §9): default page size 10. */
export const DIALOG_PAGE_SIZE_DEFAULT = 10;
export const PURCHASE_RECORDS_PAGE_SIZES = [10, 20, 50, 100] as const;
export const USAGE_STATISTICS_PAGE_SIZES = [10, 20, 30, 50] as const;

export interface PageState {
  readonly pageNum: number;
  readonly pageSize: number;
}

export const FIRST_PAGE: PageState = { pageNum: 1, pageSize: DIALOG_PAGE_SIZE_DEFAULT };

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
