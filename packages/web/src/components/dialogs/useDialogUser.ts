import type { UserInfo } from '@pvplan/contract';
import { useOptionalShell } from '../../app/shell/ShellContext';
import { useCurrentUser } from '../../app/useCurrentUser';

/** The signed-in user (the shell's, else the cached getInfo answer); null while unknown. */
export function useDialogUser(): UserInfo | null {
  const shell = useOptionalShell();
  const current = useCurrentUser();
  return shell?.user ?? current.data ?? null;
}
