/**
 * Membership (spec 001 §3, §4, §5, §9): the usage view, the top-up pack dialog (1200 px), the QR
 * payment (inline, or as the 430 px dialog), the trial application and payment-problem dialogs.
 */

export { InvoiceAdmin } from './admin/InvoiceAdmin';
export { OrderAdmin } from './admin/OrderAdmin';
export { PackageAdmin } from './admin/PackageAdmin';
export { PointsAdmin } from './admin/PointsAdmin';
export { formatCountdown, isPaid, paymentKey, secondsLeft } from './countdown';
export { featureName, useFeatureName } from './featureNames';
export {
  USAGE_QUERY_KEY,
  useOnceVipIds,
  useRefreshAfterPayment,
  useUsageCapacity,
  useVipFeatures,
  useVipList,
} from './hooks';
export { InvoiceApplicationDialog, InvoiceApplicationPanel, InvoiceStatusTag } from './InvoiceApplication';
export { PaymentProblemDialog } from './PaymentProblemDialog';
export { PointsView } from './PointsView';
export {
  orderPackageName,
  planQuotaLine,
  quotaNumberText,
  useOrderPackageName,
  usePlanQuotaLine,
} from './packageNames';
export {
  discountLabelValue,
  keepSelection,
  packToBuy,
  priceText,
  showsAmountPayable,
  visiblePacks,
  visiblePlans,
  yuanText,
} from './packRules';
export { pointsChangeText, pointsSourceKey, pointsText } from './points';
export { QrPayment } from './QrPayment';
export { QrPaymentDialog } from './QrPaymentDialog';
export { HOME_ROUTE, rememberReturnRoute, takeReturnRoute } from './returnRoute';
export { TopUpDialog } from './TopUpDialog';
export { TrialApplicationDialog } from './TrialApplicationDialog';
export { UsageView } from './UsageView';
