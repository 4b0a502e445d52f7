import type { Envelope } from '@pvplan/contract';
import { currentLanguage, i18n } from '../locales/i18n';
import { toast } from '../utils/feedback';
import { sessionHeaders } from './headers';
import { clearSession, currentPassCode, readRemoteAddr, readSession } from './session';
import { showSessionExpired } from './sessionExpired';

/** The start of the server's message when a self-consumption target cannot be reached (spec 000 §8). */
export const SELF_CONSUMPTION_UNREACHABLE = '无法达到自发自用率';

/** Default request timeout (spec 000 §9). */
export const REQUEST_TIMEOUT_MS = 60_000;

/** Where the API lives; same origin unless VITE_API_BASE says otherwise. */
const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

export type QueryParams = Readonly<Record<string, string | number | boolean | null | undefined>>;

export interface RequestOptions {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly query?: QueryParams;
  /** A JSON value, or FormData for uploads. */
  readonly body?: unknown;
  /** Send the session headers (default true). The login call is exempt (spec 000 §7). */
  readonly auth?: boolean;
  /** Show no toast for a failed call: the caller reports it. Session expiry is still handled. */
  readonly silent?: boolean;
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
}

/**
 * Why a call failed: `code` = the envelope's code was not 200; `network` = no answer;
 * `timeout` = no answer within the timeout; `aborted` = the caller cancelled;
 * `invalid` = the answer was not a JSON envelope.
 */
export type ApiErrorKind = 'code' | 'network' | 'timeout' | 'aborted' | 'invalid';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly code: number | null = null,
    readonly httpStatus: number | null = null,
    readonly body: unknown = undefined,
  ) {
    super(message);
  }
}

interface EnvelopeLike {
  readonly code: number;
  readonly msg?: string;
}

function isEnvelopeLike(value: unknown): value is EnvelopeLike {
  return (
    typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number'
  );
}

function urlOf(path: string, query: QueryParams | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  const text = search.toString();
  return `${API_BASE}${path}${text ? `${path.includes('?') ? '&' : '?'}${text}` : ''}`;
}

function headersFor(options: RequestOptions, hasJsonBody: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': currentLanguage() });
  const spec =
    options.auth === false
      ? { questTime: String(Date.now()) }
      : sessionHeaders({ ...readSession(), remoteAddr: readRemoteAddr(), passCode: currentPassCode() });
  for (const [name, value] of Object.entries(spec)) headers.set(name, value);
  if (hasJsonBody) headers.set('Content-Type', 'application/json');
  return headers;
}

/** The spec's error behaviour (000 §8) for an envelope whose code is not 200. */
function failure(envelope: EnvelopeLike, httpStatus: number, silent: boolean, body: unknown): ApiError {
  const { code } = envelope;
  const msg = envelope.msg?.trim() ?? '';
  if (code === 401 || code === 424) {
    // Login expired: the modal offers a new login (or closing the page after a jump-in).
    clearSession();
    showSessionExpired();
    return new ApiError('code', msg || i18n.t('request.expired'), code, httpStatus, body);
  }
  if (code === 410 || (msg.includes('token') && msg.includes('识别'))) {
    // The session was replaced by a login elsewhere; the token will never work again.
    const text = i18n.t('request.otherDevice');
    clearSession();
    if (!silent) toast('error', text);
    return new ApiError('code', text, code, httpStatus, body);
  }
  if (msg.includes(SELF_CONSUMPTION_UNREACHABLE)) {
    // The server names the highest reachable percent; the user is asked to adjust the target.
    const text = `${msg}${i18n.t('request.adjustTarget')}`;
    if (!silent) toast('warning', text);
    return new ApiError('code', text, code, httpStatus, body);
  }
  if (msg.includes('429')) return new ApiError('code', msg, code, httpStatus, body);
  const fallback =
    code === 404
      ? i18n.t('request.notFound')
      : code === 506
        ? i18n.t('request.specialChars')
        : i18n.t('request.serverError');
  const text = msg || fallback;
  if (!silent) toast('error', text);
  return new ApiError('code', text, code, httpStatus, body);
}

/**
 * Sends a call with the spec's headers and the 60 s timeout; resolves with the HTTP response.
 * Network failures, timeouts and cancellations reject with an ApiError (timeouts and
 * cancellations show no message, spec 000 §8).
 */
async function send(path: string, options: RequestOptions): Promise<Response> {
  const silent = options.silent ?? false;
  const isForm = options.body instanceof FormData;
  const hasJsonBody = options.body !== undefined && !isForm;
  const body: BodyInit | undefined = isForm
    ? (options.body as FormData)
    : hasJsonBody
      ? JSON.stringify(options.body)
      : undefined;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', forwardAbort, { once: true });

  try {
    return await fetch(urlOf(path, options.query), {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers: headersFor(options, hasJsonBody),
      body,
      signal: controller.signal,
    });
  } catch (error) {
    if (timedOut) throw new ApiError('timeout', 'timeout');
    if (controller.signal.aborted) throw new ApiError('aborted', 'aborted');
    const text = i18n.t('request.network');
    if (!silent) toast('error', text);
    throw new ApiError('network', text, null, null, error);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}

/**
 * The one request layer: adds the spec's headers, applies the 60 s timeout, parses the
 * `{code, msg, data}` envelope and maps failure codes to the spec's behaviour.
 * Resolves with the whole answer when `code` is 200; otherwise rejects with an ApiError.
 */
export async function request<T extends EnvelopeLike = Envelope<unknown>>(
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const silent = options.silent ?? false;
  const response = await send(path, options);
  return readEnvelope<T>(response, silent);
}

/** A downloaded file and its name from Content-Disposition (or null). */
export interface DownloadedFile {
  readonly blob: Blob;
  readonly fileName: string | null;
}

/** The file name of a Content-Disposition header: RFC 5987 `filename*=UTF-8''…` first, then `filename="…"`. */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // Fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1]?.trim() || null;
}

/** Whether an answer is a JSON envelope rather than the file. */
export function isJsonAnswer(contentType: string | null): boolean {
  return (contentType ?? '').toLowerCase().includes('application/json');
}

/**
 * A file download through the same layer (spec 000 §7: blob downloads fall back to reading a
 * JSON error): a JSON envelope instead of the file is read and reported like any failed call.
 */
export async function requestBlob(path: string, options: RequestOptions = {}): Promise<DownloadedFile> {
  const response = await send(path, options);
  if (!response.ok || isJsonAnswer(response.headers.get('content-type'))) {
    await readEnvelope(response, options.silent ?? false);
    // A 200 envelope where a file was expected: nothing to save.
    throw new ApiError('invalid', i18n.t('request.serverError'), 200, response.status);
  }
  return {
    blob: await response.blob(),
    fileName: fileNameFromDisposition(response.headers.get('content-disposition')),
  };
}

/** Reads a JSON envelope and maps a failure to the spec's behaviour. */
async function readEnvelope<T extends EnvelopeLike>(response: Response, silent: boolean): Promise<T> {
  let parsed: unknown;
  try {
    const text = await response.text();
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }

  if (isEnvelopeLike(parsed)) {
    if (parsed.code === 200) return parsed as T;
    throw failure(parsed, response.status, silent, parsed);
  }
  if (response.ok && parsed !== undefined) return parsed as T;
  if (response.status === 403) {
    // HTTP 403 sends the user to the root (spec 000 §8).
    window.location.hash = '#/';
    throw new ApiError('code', 'forbidden', 403, 403, parsed);
  }
  if (!response.ok) throw failure({ code: response.status }, response.status, silent, parsed);
  const text = i18n.t('request.serverError');
  if (!silent) toast('error', text);
  throw new ApiError('invalid', text, null, response.status, parsed);
}

/** The data of a successful envelope. */
export async function requestData<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const envelope = await request<Envelope<T>>(path, options);
  return envelope.data;
}
