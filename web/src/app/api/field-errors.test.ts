import { describe, expect, it, vi } from 'vitest';
import { fieldErrorsOf, fieldErrorText, fieldPath, showFieldErrors } from './field-errors';

describe('a refusal under its field', () => {
  it('reads data.errors of the envelope, ignoring anything else', () => {
    expect(fieldErrorsOf({ errors: [{ field: 'invoiceDate', rule: 'future', message: '开票日期不能晚于今天' }, { field: 1 }] })).toEqual([
      { field: 'invoiceDate', message: '开票日期不能晚于今天' },
    ]);
    expect(fieldErrorsOf(null)).toEqual([]);
    expect(fieldErrorsOf({ errors: 'x' })).toEqual([]);
  });

  it('names nested fields as antd does', () => {
    expect(fieldPath('lines.0.quantity')).toEqual(['lines', 0, 'quantity']);
    expect(fieldPath('invoiceDate')).toEqual(['invoiceDate']);
  });

  it('sets each field’s messages on the form, and nothing for other failures', () => {
    const setFields = vi.fn();
    const getFieldValue = () => undefined;
    const message = '2026年11月的会计期间已结账';
    expect(showFieldErrors({ setFields, getFieldValue }, { fieldErrors: [{ field: 'invoiceDate', message }] })).toBe(true);
    expect(setFields).toHaveBeenCalledWith([{ name: ['invoiceDate'], errors: [message] }]);
    expect(showFieldErrors({ setFields, getFieldValue }, { fieldErrors: [] })).toBe(false);
    expect(showFieldErrors({ setFields, getFieldValue }, new Error('x'))).toBe(false);
    expect(setFields).toHaveBeenCalledTimes(1);
  });

  it('puts a wrapped call’s `data.endDate` under the form’s endDate (issue 39), unless the form has `data` itself', () => {
    const setFields = vi.fn();
    const errors = { fieldErrors: [{ field: 'data.endDate', message: '结束日期不能早于开始日期' }] };
    showFieldErrors({ setFields, getFieldValue: () => undefined }, errors);
    expect(setFields).toHaveBeenLastCalledWith([{ name: ['endDate'], errors: ['结束日期不能早于开始日期'] }]);
    showFieldErrors({ setFields, getFieldValue: () => ({}) }, errors);
    expect(setFields).toHaveBeenLastCalledWith([{ name: ['data', 'endDate'], errors: ['结束日期不能早于开始日期'] }]);
  });

  it('words a toast as what is wrong, once per message, never as the technical summary', () => {
    expect(
      fieldErrorText([
        { field: 'phone', message: '手机号格式不正确' },
        { field: 'data.endDate', message: '结束日期不能早于开始日期' },
        { field: 'mobile', message: '手机号格式不正确' },
      ]),
    ).toBe('手机号格式不正确；结束日期不能早于开始日期');
  });
});
