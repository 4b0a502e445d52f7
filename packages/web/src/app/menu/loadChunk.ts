/** Script chunk load timeout (spec 000 §9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

const RELOAD_MARK = 'chunkReloadAt';
const RELOAD_GUARD_MS = 10_000;

/**
 * Loads a lazy view's chunk with the spec's timeout. A failed load (a release replaced the
 * chunk, a network fault, a CSS chunk) shows no user text (spec 000 §8): the page reloads once
 * to fetch the new release; a second failure within 10 s is thrown to the error boundary.
 */
export async function loadChunk<T>(loader: () => Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('chunk load timeout')), CHUNK_LOAD_TIMEOUT_MS);
  });
  try {
    return await Promise.race([loader(), timeout]);
  } catch (error) {
    console.warn('[chunk] load failed', error);
    const last = Number(sessionStorage.getItem(RELOAD_MARK) ?? 0);
    if (Date.now() - last > RELOAD_GUARD_MS) {
      sessionStorage.setItem(RELOAD_MARK, String(Date.now()));
      window.location.reload();
      return new Promise<T>(() => undefined);
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
