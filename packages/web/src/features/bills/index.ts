/**
 * Electricity bills (issue 5 "Electricity bills"): a project's bill upload, recognition status,
 * bill list with type and review state, and the review-and-correct form. Mount `<BillsPanel
 * projId=… />` on the page that holds a project's power-usage inputs.
 */

export {
  BILL_REVIEW_WIDTH_PX,
  BillReviewDrawer,
  type BillReviewDrawerProps,
  type BillReviewTarget,
} from './BillReviewDrawer';
export { BillsPanel, type BillsPanelProps } from './BillsPanel';
export { BILL_FIELD_GROUPS, BILL_FIELD_SPECS, correctionsOf, formValuesOf, isRecognising } from './billForm';
export {
  billsQueryKey,
  useBillDetail,
  useBillFiles,
  useBillState,
  useBillType,
  useDeleteBill,
  useDeleteBillFile,
  useProjectBills,
  useRecogniseBill,
  useSaveBillDetail,
  useUploadBills,
} from './hooks';
