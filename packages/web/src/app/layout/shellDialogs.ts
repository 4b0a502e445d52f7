/** The shell's dialogs (spec 000 §2), opened from the navbar, the user popover and the help menu. */
export type ShellDialogName =
  | 'purchaseRecords'
  | 'usageStatistics'
  | 'guide'
  | 'feedback'
  | 'changePassword'
  | 'customerService'
  | 'invoice'
  | 'logout'
  | 'invite';
