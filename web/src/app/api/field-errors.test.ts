import { describe, expect, it, vi } from 'vitest';
import { fieldErrorsOf, fieldPath, showFieldErrors } from './field-errors';

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
    const message = '2026年11月的会计期间已结账';
    expect(showFieldErrors({ setFields }, { fieldErrors: [{ field: 'invoiceDate', message }] })).toBe(true);
    expect(setFields).toHaveBeenCalledWith([{ name: ['invoiceDate'], errors: [message] }]);
    expect(showFieldErrors({ setFields }, { fieldErrors: [] })).toBe(false);
    expect(showFieldErrors({ setFields }, new Error('x'))).toBe(false);
    expect(setFields).toHaveBeenCalledTimes(1);
  });
});
