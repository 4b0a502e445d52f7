import { i18n } from '../locales/i18n';
import { modalApi } from '../utils/feedback';
import { closePage, isJumpSession } from './session';

let showing = false;

/** Leaves the expired session: the login page, or closing the tab after a jump-in. */
function leave(jumpIn: boolean): void {
  showing = false;
  if (jumpIn) {
    closePage();
    return;
  }
  window.location.hash = '#/login';
  window.location.reload();
}

/**
 * Response 401/424 (spec 000 §8): one modal titled 系统提示 saying the login expired, with
 * 重新登录 — or 关闭页面 when the user came from the other platform. The session (token,
 * appCode, menu) was already cleared by the caller.
 */
export function showSessionExpired(): void {
  if (showing) return;
  const modal = modalApi();
  const jumpIn = isJumpSession();
  if (!modal) {
    leave(jumpIn);
    return;
  }
  showing = true;
  modal.warning({
    title: i18n.t('shell.session.expiredTitle'),
    content: i18n.t('request.expired'),
    okText: jumpIn ? i18n.t('shell.session.closePage') : i18n.t('shell.session.relogin'),
    okButtonProps: { 'data-testid': 'session-expired-ok' },
    closable: false,
    keyboard: false,
    maskClosable: false,
    onOk: () => leave(jumpIn),
  });
}
