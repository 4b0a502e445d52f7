import { gzipSync } from 'node:zlib';
import { loginWithPassword, openLogin, openPage, startE2eApp } from '../e2e/support/app';

/**
 * Prints the web app's first-load size: the scripts and styles the browser fetches to show
 * /login, then what signing in adds for /homeindex (gzip level 9 of each file, as a CDN serves it).
 * Needs a production build (npm run build).
 */
const app = await startE2eApp();
try {
  const { page, context } = await openPage(app);
  const sizes = new Map<string, number>();
  page.on('response', async (response) => {
    const url = response.url();
    if (!/\.(js|css)(\?|$)/.test(url)) return;
    try {
      sizes.set(url, gzipSync(await response.body(), { level: 9 }).length);
    } catch {
      // A redirect or an aborted request has no body.
    }
  });
  const total = () => [...sizes.values()].reduce((sum, size) => sum + size, 0);
  await openLogin(app, page);
  await page.waitForLoadState('networkidle');
  const loginBytes = total();
  const loginFiles = sizes.size;
  await loginWithPassword(app, page, 'designer');
  await page.waitForLoadState('networkidle');
  const homeBytes = total();
  console.log(`web first load, /login: ${(loginBytes / 1024).toFixed(1)} KiB gzip in ${loginFiles} files`);
  console.log(
    `web after sign-in, /homeindex: +${((homeBytes - loginBytes) / 1024).toFixed(1)} KiB gzip (${(homeBytes / 1024).toFixed(1)} KiB in all, ${sizes.size} files)`,
  );
  await context.close();
} finally {
  await app.stop();
}
