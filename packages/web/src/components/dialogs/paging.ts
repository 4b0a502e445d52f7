import { MEMBERSHIP_PAGE_SIZE_DEFAULT, PURCHASE_RECORD_PAGE_SIZES } from '@pvplan/contract';

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

/**
 * A table's pager over a paged query (10/20/50/100 rows, spec 000 §9's purchase-record choices):
 * `update` receives the next page state, a new size going back to page 1.
 */
export function pagerOf(
  state: PageState,
  total: number | undefined,
  update: (next: PageState) => void,
): {
  current: number;
  pageSize: number;
  total: number;
  showSizeChanger: true;
  pageSizeOptions: string[];
  onChange: (pageNum: number, pageSize: number) => void;
} {
  return {
    current: state.pageNum,
    pageSize: state.pageSize,
    total: total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: PURCHASE_RECORD_PAGE_SIZES.map(String),
    onChange: (pageNum, pageSize) => update(nextPage(state, pageNum, pageSize)),
  };
}
