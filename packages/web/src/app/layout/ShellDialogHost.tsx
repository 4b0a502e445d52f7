import type { ComponentType } from 'react';
import {
  ChangePasswordDialog,
  CustomerServiceDialog,
  type DialogProps,
  FeedbackDialog,
  GuideDialog,
  InvoiceDialog,
  LogoutDialog,
  PurchaseRecordsDialog,
  UsageStatisticsDialog,
} from '../../components/dialogs';
import { InviteDialog } from '../../features/invite';
import type { ShellDialogName } from './shellDialogs';

const DIALOGS: Record<ShellDialogName, ComponentType<DialogProps>> = {
  purchaseRecords: PurchaseRecordsDialog,
  usageStatistics: UsageStatisticsDialog,
  guide: GuideDialog,
  feedback: FeedbackDialog,
  changePassword: ChangePasswordDialog,
  customerService: CustomerServiceDialog,
  invoice: InvoiceDialog,
  logout: LogoutDialog,
  invite: InviteDialog,
};

/** Renders the shell dialog that is open, if any (one at a time). */
export function ShellDialogHost(props: {
  readonly name: ShellDialogName | null;
  readonly onClose: () => void;
}) {
  const { name, onClose } = props;
  if (name === null) return null;
  const Dialog = DIALOGS[name];
  return <Dialog open onClose={onClose} />;
}
