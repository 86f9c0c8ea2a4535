import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
});
afterAll(() => s.close());

const TODO = '/bpm_api/bpm/camunda/getUserTaskSort';
const MINE = '/bpm_api/bpm/camunda/myInstances';
const AUDIT = '/base_api/base/api/audit/page';

describe('odd input answers 4xx, never 500 (issue 25 §6)', () => {
  it('ignores a sort field that names a prototype member', async () => {
    for (const path of ['/base_api/base/api/user/page', AUDIT, TODO]) {
      for (const sortField of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
        const res = await s.post(path, { pageIndex: 1, pageSize: 5, sortField, sortOrder: 'ascend' }, admin);
        expect(res.status, `${path} ${sortField}`).toBe(200);
      }
    }
  });

  it('refuses a NUL character in a text filter', async () => {
    for (const [path, body] of [
      [AUDIT, { call: 'a\u0000' }],
      [TODO, { keyword: 'x\u0000y' }],
      ['/base_api/base/api/user/page', { keyword: '\u0000' }],
    ] as const) {
      const res = await s.post(path, body, admin);
      expect(res.status, path).toBe(400);
      expect(res.message).toMatch(/NUL|空字符/);
    }
  });

  it('refuses malformed dates in date filters with the field named', async () => {
    for (const [path, field] of [
      [AUDIT, 'atFrom'],
      [TODO, 'startTimeBegin'],
      [MINE, 'startTimeEnd'],
    ] as const) {
      for (const value of ['yesterday', '2024-13-01', '2024-02-30', '2024-01-01 25:00', '99999-01-01']) {
        const res = await s.post(path, { [field]: value }, admin);
        expect(res.status, `${path} ${field}=${value}`).toBe(400);
        expect(res.message).toContain(field);
      }
      expect((await s.post(path, { [field]: '2024-02-29 08:00:00' }, admin)).status, path).toBe(200);
    }
  });

  it('refuses starting a document process as a general request', async () => {
    const res = await s.post('/bpm_api/bpm/camunda/start', { processKey: 'Positive_Process', title: 'x', form: {} }, admin);
    expect(res.status).toBe(400);
    expect(res.message).toContain('业务单据');
  });

  it('refuses a wrapper that is there but malformed instead of reading it as an empty body (issue 21)', async () => {
    const send = (body: unknown) =>
      s.raw('/bpm_api/bpm/camunda/taskOver/finishCcTask', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
        body: JSON.stringify(body),
      });
    for (const body of [
      { ROOT: { HEADER: {}, BODY: { processInstanceId: 1 } } },
      { root: { header: {}, body: { processInstanceId: 1 } } },
      { ROOT: { header: {} } },
      { ROOT: [] },
    ]) {
      const res = await send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.message).toContain('{"ROOT":{"header":{},"body":{…}}}');
    }
  });
});
