import { ESTIMATE_TOOLS, MENU_PROJECT_ID, type MenuEntry, type NoticeInfo } from '@pvplan/contract';
import { requestData } from './request';

/** The signed-in user's menu tree (GET usercenter/user/getRouters with the fixed project id). */
export function getRouters(signal?: AbortSignal): Promise<MenuEntry[]> {
  return requestData<MenuEntry[]>('/usercenter/user/getRouters', {
    query: { projId: MENU_PROJECT_ID },
    signal,
  });
}

/** Open system notices (POST config-manage/getSysNotice with isOpen 1). Failures are only logged (spec 000 §8). */
export function getOpenNotices(): Promise<NoticeInfo[]> {
  return requestData<NoticeInfo[]>(`${ESTIMATE_TOOLS}/config-manage/getSysNotice`, {
    method: 'POST',
    body: { isOpen: 1 },
    silent: true,
  });
}
