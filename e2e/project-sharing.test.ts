import { type CustomerComment, type ProjectAuthority, SHARE_LOOKUP_LIMIT } from '@pvplan/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type E2eApp, type E2ePage, loginWithPassword, openPage, queryDb, startE2eApp } from './support/app';
import { assessmentApi, storageProjectWithPlan, tokenOf } from './support/assessmentApi';
import { byId, listOf } from './support/assessmentFlow';

/**
 * Sharing a project and its customer comments (issue 7): the owner (demo member 13800000002) shares
 * a storage assessment with the premium demo user (13800000003) to view only, found by his mobile
 * number; the recipient sees it in his list with the Shared tag, opens the result but cannot edit;
 * the owner upgrades the share to edit, then revokes it. On the detail page a comment the owner adds
 * is listed with its author and time, and an empty comment is refused without a request. The
 * look-up by number answers masked and is limited per hour: past the limit the dialog shows why and
 * shares nothing.
 */

const OWNER = '13800000002';
const RECIPIENT = '13800000003';

let app: E2eApp;
const views: E2ePage[] = [];

beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(async () => {
  await app?.stop();
});
afterEach(async () => {
  for (const view of views.splice(0)) await view.context.close();
});

async function signIn(phone: string): Promise<E2ePage> {
  const view = await openPage(app);
  views.push(view);
  await loginWithPassword(app, view.page, phone, undefined, 'user-menu-trigger');
  return view;
}

describe('project sharing', () => {
  it('shares to view only, the recipient sees it tagged and cannot edit; upgraded, then revoked', async () => {
    const owner = await signIn(OWNER);
    const name = 'E2E 共享储能';
    const { projId } = await storageProjectWithPlan(assessmentApi(app, await tokenOf(owner.page)), name);
    const recipientId = queryDb<{ id: number }>(
      app,
      'select id from users where login_no = ?',
      RECIPIENT,
    )?.id;
    expect(recipientId).toBeGreaterThan(0);

    // The owner: his own row has the share action and no Shared tag.
    await listOf(app, owner.page, name);
    expect(await byId(owner.page, `assessment-shared-${projId}`).count()).toBe(0);
    await byId(owner.page, `assessment-share-${projId}`).click();
    const phone = byId(owner.page, 'share-phone');
    await phone.fill('1380000');
    await byId(owner.page, 'share-find').click();
    await expect
      .poll(() => byId(owner.page, 'share-phone-error').textContent())
      .toBe('请输入正确的11位手机号');
    await phone.fill(RECIPIENT);
    await byId(owner.page, 'share-find').click();
    // The answer is masked: the first character of the name, the first 3 and last 4 digits.
    await expect
      .poll(() => byId(owner.page, 'share-found').textContent())
      .toBe('找到用户：高*（138****0003）');
    const shared = owner.page.waitForResponse((response) =>
      response.url().includes('/early/batchSetAuthority'),
    );
    await byId(owner.page, 'share-submit').click();
    const sharedBody = (await shared).request().postDataJSON() as Record<string, unknown>;
    expect(sharedBody).toMatchObject({ projIds: [projId], userIds: [recipientId], permission: 'view' });
    await expect
      .poll(() => byId(owner.page, `share-member-permission-${recipientId}`).textContent())
      .toBe('仅查看');

    // The recipient: the project in his list, tagged, edit disabled, no share action; the result opens.
    const recipient = await signIn(RECIPIENT);
    await listOf(app, recipient.page, name);
    await byId(recipient.page, `assessment-shared-${projId}`).waitFor({ state: 'visible' });
    expect(await byId(recipient.page, `assessment-shared-${projId}`).textContent()).toBe('共享');
    expect(await byId(recipient.page, `assessment-edit-${projId}`).isDisabled()).toBe(true);
    expect(await byId(recipient.page, `assessment-share-${projId}`).count()).toBe(0);
    await byId(recipient.page, `assessment-open-${projId}`).click();
    await recipient.page.waitForURL(/storedEnergyResult\?projId=/);
    await byId(recipient.page, 'comments-card').waitFor({ state: 'visible' });
    expect(await byId(recipient.page, 'assessment-result-edit').count()).toBe(0);

    // The owner upgrades the share to edit: the recipient's edit action is enabled.
    await byId(owner.page, `share-member-permission-${recipientId}`).click();
    const upgraded = owner.page.waitForResponse((response) =>
      response.url().includes('/early/batchSetAuthority'),
    );
    await owner.page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '可编辑' })
      .click();
    expect(((await upgraded).request().postDataJSON() as { permission: string }).permission).toBe('edit');
    await expect
      .poll(() => byId(owner.page, `share-member-permission-${recipientId}`).textContent())
      .toBe('可编辑');
    await listOf(app, recipient.page, name);
    await byId(recipient.page, `assessment-shared-${projId}`).waitFor({ state: 'visible' });
    expect(await byId(recipient.page, `assessment-edit-${projId}`).isDisabled()).toBe(false);

    // The owner revokes: the recipient no longer lists it, the owner's dialog lists nobody.
    await byId(owner.page, `share-revoke-${recipientId}`).click();
    const revoked = owner.page.waitForResponse((response) =>
      response.url().includes('/early/batchSetAuthority'),
    );
    await owner.page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
    expect(((await revoked).request().postDataJSON() as { revoke: boolean }).revoke).toBe(true);
    await expect.poll(() => byId(owner.page, `share-member-${recipientId}`).count()).toBe(0);
    await listOf(app, recipient.page, name);
    await expect.poll(() => byId(recipient.page, `assessment-edit-${projId}`).count()).toBe(0);

    expect(owner.consoleErrors).toEqual([]);
    expect(recipient.consoleErrors).toEqual([]);
  }, 240_000);

  it('shares the selected rows at once, to edit', async () => {
    const owner = await signIn(OWNER);
    const { page } = owner;
    const api = assessmentApi(app, await tokenOf(page));
    const ids = [
      await api.createProject('E2E 批量共享一', 'pv'),
      await api.createProject('E2E 批量共享二', 'pv'),
    ];
    await listOf(app, page, 'E2E 批量共享');
    expect(await byId(page, 'assessment-share-selected').isDisabled()).toBe(true);
    for (const id of ids) await page.locator(`tr[data-row-key="${id}"] .ant-checkbox-input`).check();
    await byId(page, 'assessment-share-selected').click();
    await byId(page, 'share-phone').fill(RECIPIENT);
    await page.getByTestId('share-permission-edit').check();
    const shared = page.waitForResponse((response) => response.url().includes('/early/batchSetAuthority'));
    await byId(page, 'share-submit').click();
    const body = (await shared).request().postDataJSON() as { projIds: string[]; permission: string };
    expect([...body.projIds].sort()).toEqual([...ids].sort());
    expect(body.permission).toBe('edit');
    for (const id of ids) {
      const authority = await api.call<ProjectAuthority>(`/early/refreshAuthority?projId=${id}`, {});
      expect(authority.members).toMatchObject([{ userName: '高*', permission: 'edit' }]);
    }
    expect(owner.consoleErrors).toEqual([]);
  }, 120_000);

  it('lists a comment the owner adds with its author and time; an empty comment sends nothing', async () => {
    const owner = await signIn(OWNER);
    const { page } = owner;
    const { projId, planId } = await storageProjectWithPlan(
      assessmentApi(app, await tokenOf(page)),
      'E2E 沟通记录',
    );
    let inserts = 0;
    page.on('request', (request) => {
      if (request.url().includes('/early/insertCustomerComment')) inserts += 1;
    });
    await page.goto(
      `${app.baseUrl}/isolarbp/#/preliminaryStage/storedEnergyDetail?projId=${projId}&planId=${planId}`,
    );
    await byId(page, 'detail-tab-comments').click();
    const panel = byId(page, 'comments-panel');
    await panel.waitFor({ state: 'visible' });

    await panel.getByTestId('comment-input').fill('   ');
    await panel.getByTestId('comment-add').click();
    await expect.poll(() => panel.getByTestId('comment-error').textContent()).toBe('请输入沟通内容');
    await page.waitForTimeout(300);
    expect(inserts).toBe(0);

    const added = page.waitForResponse((response) => response.url().includes('/early/insertCustomerComment'));
    await panel.getByTestId('comment-input').fill('客户希望先做 400 kW 储能，下周复核报价');
    await panel.getByTestId('comment-add').click();
    const comment = ((await (await added).json()) as { data: CustomerComment }).data;
    expect(inserts).toBe(1);
    const item = panel.getByTestId(`comment-${comment.id}`);
    await item.waitFor({ state: 'visible' });
    expect(await item.getByTestId('comment-author').textContent()).toBe('会员用户');
    expect(await item.getByTestId('comment-content').textContent()).toBe(
      '客户希望先做 400 kW 储能，下周复核报价',
    );
    // The browser and this process share the machine's time zone.
    const at = new Date(comment.createTime);
    const pad = (value: number) => String(value).padStart(2, '0');
    const expected = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
    expect(await item.getByTestId('comment-time').textContent()).toBe(expected);
    // The message leaves with antd's fade-out once the text is valid.
    await expect.poll(() => panel.getByTestId('comment-error').count()).toBe(0);
    expect(owner.consoleErrors).toEqual([]);
  }, 180_000);

  // Last: it uses up the owner's look-ups for the hour.
  it('refuses a look-up past the hourly limit with the message under the field, and shares nothing', async () => {
    const owner = await signIn(OWNER);
    const { page } = owner;
    const api = assessmentApi(app, await tokenOf(page));
    const name = 'E2E 查找上限';
    const projId = await api.createProject(name, 'pv');
    const { maxLookups } = SHARE_LOOKUP_LIMIT;
    const refusal = `查找手机号过于频繁，每小时最多 ${maxLookups} 次，请 60 分钟后再试`;
    // Use up what the earlier tests left of the owner's look-ups.
    let refused = '';
    for (let i = 0; i <= maxLookups && refused === ''; i++) {
      try {
        await api.call('/early/getShareUserByPhone', { projId, phone: RECIPIENT });
      } catch (error) {
        refused = String(error);
      }
    }
    expect(refused).toContain(refusal);

    let shares = 0;
    page.on('request', (request) => {
      if (request.url().includes('/early/batchSetAuthority')) shares += 1;
    });
    await listOf(app, page, name);
    await byId(page, `assessment-share-${projId}`).click();
    expect(await byId(page, 'share-lookup-hint').textContent()).toBe(
      `为保护隐私，姓名和手机号脱敏显示；每小时最多查找 ${maxLookups} 次`,
    );
    await byId(page, 'share-phone').fill(RECIPIENT);
    const answered = page.waitForResponse((response) =>
      response.url().includes('/early/getShareUserByPhone'),
    );
    await byId(page, 'share-submit').click();
    expect((await answered).status()).toBe(429);
    await expect.poll(() => byId(page, 'share-phone-error').textContent()).toBe(refusal);
    expect(await byId(page, 'share-found').count()).toBe(0);
    await page.waitForTimeout(300);
    expect(shares).toBe(0);
    // The browser logs the refused call's HTTP status; nothing else went wrong.
    expect(owner.consoleErrors.filter((entry) => !/status of 429/.test(entry.text))).toEqual([]);
  }, 120_000);
});
