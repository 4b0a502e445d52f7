/** Why an online weather source gave no usable answer. */
export type WeatherProviderFailure = 'offline' | 'timeout' | 'failed';

/** An online weather source failed; the service turns it into a fallback or an envelope error. */
export class WeatherProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly reason: WeatherProviderFailure,
    readonly detail: string,
    readonly timeoutMs: number,
  ) {
    super(`${provider}: ${reason}: ${detail}`);
    this.name = 'WeatherProviderError';
  }
}

/** A network-level cause (no connection, DNS, reset) behind undici's "fetch failed". */
function networkCause(error: unknown): string | null {
  if (!(error instanceof TypeError)) return null;
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  const code = typeof cause?.code === 'string' ? cause.code : null;
  const message = typeof cause?.message === 'string' ? cause.message : error.message;
  return code ? `${code} ${message}` : message;
}

/** The error text of a provider's answer: PVGIS and NASA POWER send JSON with `message`/`messages`. */
function answerDetail(status: number, body: string): string {
  try {
    const json = JSON.parse(body) as { message?: unknown; messages?: unknown; errors?: unknown };
    const parts = [json.message, json.messages, json.errors]
      .flat()
      .filter((part): part is string => typeof part === 'string' && part.trim() !== '');
    if (parts.length > 0) return `HTTP ${status}: ${parts.join('; ').slice(0, 300)}`;
  } catch {
    // not JSON: fall through
  }
  const text = body.replace(/\s+/g, ' ').trim().slice(0, 200);
  return text ? `HTTP ${status}: ${text}` : `HTTP ${status}`;
}

/**
 * GET a provider URL as text within `timeoutMs` (connection, headers and body together).
 * @throws WeatherProviderError `offline` (no connection), `timeout`, or `failed` (HTTP error)
 */
export async function fetchProviderText(provider: string, url: string, timeoutMs: number): Promise<string> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, { signal, headers: { accept: 'application/json, text/csv, */*' } });
    const body = await response.text();
    if (!response.ok)
      throw new WeatherProviderError(provider, 'failed', answerDetail(response.status, body), timeoutMs);
    return body;
  } catch (error) {
    if (error instanceof WeatherProviderError) throw error;
    if (signal.aborted || (error instanceof Error && error.name === 'TimeoutError')) {
      throw new WeatherProviderError(provider, 'timeout', `no answer within ${timeoutMs} ms`, timeoutMs);
    }
    const cause = networkCause(error);
    if (cause !== null) throw new WeatherProviderError(provider, 'offline', cause, timeoutMs);
    throw new WeatherProviderError(
      provider,
      'failed',
      error instanceof Error ? error.message : String(error),
      timeoutMs,
    );
  }
}
