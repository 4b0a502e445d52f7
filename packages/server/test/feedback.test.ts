import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectsUnderTest, envelopeOf, externalHeaders, login, startTestApp, type TestApp } from './harness';

const PNG_BYTES = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

function multipart(parts: Array<{ name: string; value?: string; filename?: string; bytes?: Buffer }>) {
  const boundary = `----pvplan${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if (part.filename) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
      );
      chunks.push(part.bytes ?? Buffer.alloc(0));
    } else {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value ?? ''}`),
      );
    }
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(dialectsUnderTest())('feedback on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    token = await login(t.app, '13800000001');
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = async (parts: Parameters<typeof multipart>[0]) => {
    const body = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: '/estimate-tools/estimate-tools/early/uploadOssFile',
      headers: { ...externalHeaders(token), 'content-type': body.contentType },
      payload: body.payload,
    });
  };

  const submit = (payload: object, headers = externalHeaders(token)) =>
    t.app.inject({
      method: 'POST',
      url: '/estimate-tools/estimate-tools/feedback/insertFeedback',
      headers,
      payload,
    });

  it('uploads an image, serves it back by its URL, and accepts feedback with it', async () => {
    const uploaded = envelopeOf(
      await upload([
        { name: 'fileName', value: 'roof.png' },
        { name: 'fileType', value: 'USER_SUGGEST_IMG' },
        { name: 'subfolder', value: '5' },
        { name: 'file', filename: 'roof.png', bytes: PNG_BYTES },
      ]),
    );
    expect(uploaded.code).toBe(200);
    const fileUrl = (uploaded.data as { fileUrl: string }).fileUrl;
    expect(fileUrl).toMatch(/^\/api\/files\/user_suggest_img\/5\/[\w-]+\.png$/);
    const served = await t.app.inject({ url: fileUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG_BYTES)).toBe(true);
    const stored = await t.database.db.selectFrom('files').select('object_key').executeTakeFirstOrThrow();
    expect(stored.object_key.startsWith('/')).toBe(false);

    const saved = await submit({
      suggestions: '希望增加储能收益的敏感性分析',
      contact: '13800000001',
      imgs: [{ name: 'roof.png', url: fileUrl }],
    });
    expect(envelopeOf(saved)).toMatchObject({ code: 200, msg: '反馈意见提交成功' });
  });

  it.each([
    ['contact missing', { suggestions: '这个功能很好用呀', contact: '' }, '请输入联系方式'],
    [
      'contact not a mobile number',
      { suggestions: '这个功能很好用呀', contact: '23800000001' },
      '请输入正确的联系方式',
    ],
    ['contact too short', { suggestions: '这个功能很好用呀', contact: '1380000000' }, '请输入正确的联系方式'],
    ['text missing', { suggestions: '   ', contact: '13800000001' }, '请输入反馈意见'],
    [
      'text under 6 characters',
      { suggestions: '太慢了', contact: '13800000001' },
      '请6个字及以上的反馈意见描述',
    ],
    [
      'text over 200 characters',
      { suggestions: '很'.repeat(201), contact: '13800000001' },
      '反馈意见不能超过200个字',
    ],
    [
      'an image that was never uploaded',
      {
        suggestions: '这个功能很好用呀',
        contact: '13800000001',
        imgs: [{ name: 'x.png', url: '/api/files/user_suggest_img/1/forged.png' }],
      },
      '附件不存在，请重新上传',
    ],
  ])('refuses feedback with %s and saves nothing', async (_name, payload, message) => {
    const before = await t.database.db.selectFrom('feedback').select('id').execute();
    const body = envelopeOf(await submit(payload));
    expect(body.code).toBe(400);
    expect(body.msg).toBe(message);
    const after = await t.database.db.selectFrom('feedback').select('id').execute();
    expect(after.length).toBe(before.length);
  });

  it('refuses more than 5 attachments', async () => {
    const response = await submit({
      suggestions: '这个功能很好用呀',
      contact: '13800000001',
      imgs: Array.from({ length: 6 }, (_, i) => ({ name: `${i}.png`, url: `/api/files/x/${i}.png` })),
    });
    expect(response.statusCode).toBe(400);
    const files = [...Array(6).keys()].map((i) => ({ name: 'file', filename: `${i}.png`, bytes: PNG_BYTES }));
    const uploadResponse = await upload([{ name: 'fileType', value: 'USER_SUGGEST_IMG' }, ...files]);
    expect(envelopeOf(uploadResponse)).toMatchObject({ code: 400, msg: '最多上传5个文件' });
  });

  it('refuses a file over 50 MB with the spec message', async () => {
    const big = Buffer.alloc(50 * 1024 * 1024 + 10, 0);
    PNG_BYTES.copy(big);
    const response = await upload([
      { name: 'fileType', value: 'USER_SUGGEST_IMG' },
      { name: 'file', filename: 'big.png', bytes: big },
    ]);
    expect(envelopeOf(response).msg).toBe('请上传小于50M的文件!');
    expect(response.statusCode).toBe(413);
  });

  it('refuses a file that is not an image, an unknown file type, and a non-multipart request', async () => {
    const text = await upload([
      { name: 'fileType', value: 'USER_SUGGEST_IMG' },
      { name: 'file', filename: 'evil.png', bytes: Buffer.from('<script>alert(1)</script>') },
    ]);
    expect(envelopeOf(text).msg).toBe('不支持的文件类型');
    const unknownType = await upload([
      { name: 'fileType', value: 'SOMETHING_ELSE' },
      { name: 'file', filename: 'a.png', bytes: PNG_BYTES },
    ]);
    expect(envelopeOf(unknownType).msg).toBe('不支持的文件类型');
    const json = await t.app.inject({
      method: 'POST',
      url: '/estimate-tools/estimate-tools/early/uploadOssFile',
      headers: externalHeaders(token),
      payload: { fileType: 'USER_SUGGEST_IMG' },
    });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
  });

  it('requires a login to upload or submit', async () => {
    expect(
      (await submit({ suggestions: '这个功能很好用呀', contact: '13800000001' }, { token: '', outuser: '1' }))
        .statusCode,
    ).toBe(401);
  });
});
