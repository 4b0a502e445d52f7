import { useEffect } from 'react';
import { requestData } from '../../api/request';
import { readRemoteAddr, saveRemoteAddr } from '../../api/session';

/**
 * Public IP lookup (spec 000 §7): once per browser, GET /api/ip (the address as our server sees
 * it) is stored locally and sent as the remoteAddr header. A failure is silent; the next start retries.
 */
export function usePublicIp(): void {
  useEffect(() => {
    if (readRemoteAddr()) return;
    requestData<{ ip: string }>('/api/ip', { auth: false, silent: true })
      .then((answer) => {
        if (answer.ip) saveRemoteAddr(answer.ip);
      })
      .catch(() => undefined);
  }, []);
}
