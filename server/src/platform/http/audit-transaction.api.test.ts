import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { auditLog, messages } from '../../db/schema';

// A write and its audit row commit together: when the audit row cannot be written, the change is
// not stored either, so no stored write ever answers an error.
const ADD = '/msg_api/msg/api/message/add';
let s: TestServer;
let hr: string;
beforeAll(async () => {
  s = await startTestServer();
  hr = await s.login('hr01');
});
afterAll(() => s.close());

const stored = (title: string) => s.db.select({ id: messages.id }).from(messages).where(eq(messages.title, title));

describe('the audit row of a write call', () => {
  it('is written in the transaction of the change', async () => {
    const added = await s.post<{ messageId: number }>(ADD, { title: '审计同事务', content: '<p>x</p>' }, hr);
    expect(added.code).toBe('200');
    const requestId = added.headers.get('x-request-id') ?? '';
    const rows = await s.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.call, ADD), eq(auditLog.requestId, requestId)));
    expect(rows).toHaveLength(1);
    expect(await stored('审计同事务')).toHaveLength(1);
  });

  it('failing, stores nothing of the change and answers the error; the next call works', async () => {
    // The audit table refuses this call's rows, as a full disk or a broken constraint would.
    await s.db.execute(sql.raw(`ALTER TABLE audit_log ADD CONSTRAINT audit_refuses_add CHECK (call <> '${ADD}') NOT VALID`));
    try {
      const refused = await s.post(ADD, { title: '审计失败', content: '<p>x</p>' }, hr);
      expect(refused.status).toBe(500);
      expect(await stored('审计失败')).toHaveLength(0);
    } finally {
      await s.db.execute(sql`ALTER TABLE audit_log DROP CONSTRAINT audit_refuses_add`);
    }
    const again = await s.post(ADD, { title: '审计失败', content: '<p>x</p>' }, hr);
    expect(again.code).toBe('200');
    expect(await stored('审计失败')).toHaveLength(1);
  });
});
