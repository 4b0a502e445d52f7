import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/request';
import { saveLogin } from '../../api/session';
import type { LoginRedirectState } from '../../app/RequireAuth';
import { toast } from '../../utils/feedback';

/** How long a rejected login's message stays (spec 000 §8). */
export const LOGIN_ERROR_SECONDS = 2;

export interface LoginOutcome {
  readonly token: string;
  readonly appCode: string | null;
  readonly userId: number;
  readonly outUser: boolean;
  readonly expiresAt?: string;
}

/** Stores a successful login and goes where the user was heading; reports failures as the spec says. */
export function useCompleteLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();

  const succeed = (outcome: LoginOutcome) => {
    saveLogin(outcome);
    if (!outcome.appCode) toast('warning', t('pages.login.noProjectAssigned'));
    const from = (location.state as LoginRedirectState | null)?.from;
    navigate(from && !from.startsWith('/login') ? from : '/homeindex', { replace: true });
  };

  const fail = (error: unknown) => {
    // Timeouts and cancellations show nothing (spec 000 §8); everything else shows the server's message for 2 s.
    if (error instanceof ApiError && (error.kind === 'timeout' || error.kind === 'aborted')) return;
    const text = error instanceof Error ? error.message : t('request.serverError');
    toast('error', text, LOGIN_ERROR_SECONDS);
  };

  return { succeed, fail };
}
