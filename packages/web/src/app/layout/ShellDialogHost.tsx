import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import type { DialogProps } from '../../components/dialogs';
import type { ShellDialogName } from './shellDialogs';

/** Each dialog loads on first use, keeping its components (upload, tables, QR) out of the first load. */
function lazyDialog(
  load: () => Promise<Record<string, unknown>>,
  name: string,
): LazyExoticComponent<ComponentType<DialogProps>> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<DialogProps> }));
}

const dialogs = () => import('../../components/dialogs');

const DIALOGS: Record<ShellDialogName, LazyExoticComponent<ComponentType<DialogProps>>> = {
  purchaseRecords: lazyDialog(dialogs, 'PurchaseRecordsDialog'),
  usageStatistics: lazyDialog(dialogs, 'UsageStatisticsDialog'),
  guide: lazyDialog(dialogs, 'GuideDialog'),
  feedback: lazyDialog(dialogs, 'FeedbackDialog'),
  changePassword: lazyDialog(dialogs, 'ChangePasswordDialog'),
  customerService: lazyDialog(dialogs, 'CustomerServiceDialog'),
  invoice: lazyDialog(dialogs, 'InvoiceDialog'),
  logout: lazyDialog(dialogs, 'LogoutDialog'),
  invite: lazyDialog(() => import('../../features/invite'), 'InviteDialog'),
};

/** Renders the shell dialog that is open, if any (one at a time). */
export function ShellDialogHost(props: {
  readonly name: ShellDialogName | null;
  readonly onClose: () => void;
}) {
  const { name, onClose } = props;
  if (name === null) return null;
  const Dialog = DIALOGS[name];
  return (
    <Suspense fallback={null}>
      <Dialog open onClose={onClose} />
    </Suspense>
  );
}
