/** What every shell dialog takes: whether it is open, and what to call to close it. */
export interface DialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
}
