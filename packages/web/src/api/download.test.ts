import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The request layer's browser-bound parts (i18n applies the language to the document; the session
// reads storage and cookies; toasts need antd) are replaced by plain stand-ins.
vi.mock('../locales/i18n', () => ({ i18n: { t: (key: string) => key }, currentLanguage: () => 'zh-CN' }));
vi.mock('../utils/feedback', () => ({ toast: vi.fn() }));
vi.mock('./session', () => ({
  readSession: () => ({
    token: 'tk',
    outUser: false,
    userId: '1',
    appCode: 'tools',
    userName: null,
    projectId: null,
  }),
  clearSession: vi.fn(),
  readRemoteAddr: () => null,
  currentPassCode: () => null,
}));
vi.mock('./sessionExpired', () => ({ showSessionExpired: vi.fn() }));

const { fileNameFromDisposition, isJsonAnswer, requestBlob } = await import('./download');
const { toast } = await import('../utils/feedback');
const { clearSession } = await import('./session');

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 name (RFC 5987) over the plain one', () => {
    const header = `attachment; filename="price-info.xlsx"; filename*=UTF-8''${encodeURIComponent('电价信息_武汉市_2026-01.xlsx')}`;
    expect(fileNameFromDisposition(header)).toBe('电价信息_武汉市_2026-01.xlsx');
    expect(fileNameFromDisposition('attachment; filename="a b.xlsx"')).toBe('a b.xlsx');
    expect(fileNameFromDisposition(null)).toBeNull();
  });

  it('recognises a JSON answer', () => {
    expect(isJsonAnswer('application/json; charset=utf-8')).toBe(true);
    expect(isJsonAnswer('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe(false);
  });
});

describe('requestBlob', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    vi.mocked(toast).mockReset();
  });

  it('returns the file with its name and sends the session headers', async () => {
    fetchMock.mockResolvedValue(
      new Response(new Uint8Array([80, 75, 3, 4]), {
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('电价.xlsx')}`,
        },
      }),
    );
    const file = await requestBlob('/x', { body: { areaCode: '420000' } });
    expect(file.fileName).toBe('电价.xlsx');
    expect(file.blob.size).toBe(4);
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tk');
    expect(init?.body).toBe('{"areaCode":"420000"}');
  });

  it('reads a JSON error envelope instead of a file and reports its message', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ code: 400, msg: '行政区划代码999999不存在', data: null }), {
        status: 400,
        headers: { 'content-type': 'application/json; charset=utf-8' },
      }),
    );
    await expect(requestBlob('/x', { body: {} })).rejects.toMatchObject({
      kind: 'code',
      code: 400,
      message: '行政区划代码999999不存在',
    });
    expect(toast).toHaveBeenCalledWith('error', '行政区划代码999999不存在');
  });

  it('clears the session on an expired login (401)', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ code: 401, msg: 'expired' }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      }),
    );
    await expect(requestBlob('/x', { silent: true })).rejects.toMatchObject({ code: 401 });
    expect(clearSession).toHaveBeenCalled();
  });
});
