import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { skipLogin } from '../../api/auth';
import { markJumpSession, saveLogin, saveProjectId } from '../../api/session';
import { PageLoading } from '../../components/PageLoading';
import { toast } from '../../utils/feedback';

/**
 * Jump-in from another platform (spec 000 §2): a `skip` query parameter carries an encrypted
 * token. It is exchanged for a session before any route renders; the session is marked isJump
 * (no frame, a close-page button instead of re-login). An undecryptable token shows the
 * server's token-parsing message and leads to the login page.
 */
export function SkipJumpGate(props: { readonly children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const skip = new URLSearchParams(location.search).get('skip');
  const [pending, setPending] = useState(skip !== null);

  useEffect(() => {
    if (!skip) return;
    let cancelled = false;
    setPending(true);
    const rest = new URLSearchParams(location.search);
    rest.delete('skip');
    const query = rest.toString();
    skipLogin(skip)
      .then((answer) => {
        if (cancelled) return;
        const result = answer.data;
        saveLogin({
          token: result.token,
          appCode: result.appCode,
          userId: result.userId,
          outUser: result.outUser,
        });
        markJumpSession();
        saveProjectId(result.projectId ?? null);
        navigate({ pathname: location.pathname, search: query ? `?${query}` : '' }, { replace: true });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        toast('error', error instanceof Error ? error.message : t('request.serverError'));
        navigate('/login', { replace: true });
      })
      .finally(() => {
        if (!cancelled) setPending(false);
      });
    return () => {
      cancelled = true;
    };
  }, [skip, location.pathname, location.search, navigate, t]);

  return pending ? <PageLoading /> : props.children;
}
