import type { RequestField } from '@erp/contract/modules/bpm';
import { LEAVE_REQUEST_KEY, requestFieldsOf } from '@erp/contract/modules/bpm';
import Schema from '@rc-component/async-validator';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { requestFieldRules } from './request-rules';

/** Runs the plain (object) rules of a field through the validator antd's Form uses. */
async function errorsOf(f: RequestField, value: unknown): Promise<string[]> {
  const rules = requestFieldRules(f, `请填写${f.label}`).filter((r) => typeof r !== 'function');
  try {
    await new Schema({ [f.name]: rules as never }).validate({ [f.name]: value });
    return [];
  } catch (e) {
    return ((e as { errors?: Array<{ message: string }> }).errors ?? []).map((x) => x.message);
  }
}

const leave = requestFieldsOf(LEAVE_REQUEST_KEY);
const field = (name: string) => {
  const f = leave.find((x) => x.name === name);
  if (!f) throw new Error(`no field ${name}`);
  return f;
};

describe('request field rules', () => {
  it('accept a filled date and number (the leave form refused them as missing)', async () => {
    expect(await errorsOf(field('startDate'), dayjs('2026-12-03'))).toEqual([]);
    expect(await errorsOf(field('days'), 2)).toEqual([]);
  });

  it('refuse an empty required field and blank text', async () => {
    expect(await errorsOf(field('startDate'), undefined)).toEqual(['请填写开始日期']);
    expect(await errorsOf(field('reason'), '   ')).toEqual(['请填写请假事由']);
  });
});
