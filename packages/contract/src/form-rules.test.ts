import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkField, fieldSchemaAt } from './form-rules';
import { employeeCalls } from './modules/employee';

describe("the contract's rules in a form", () => {
  const schema = z.object({
    employeeId: z.number().optional(),
    data: z
      .object({
        phone: z
          .string()
          .regex(/^1\d{10}$/, '手机号格式不正确')
          .nullable()
          .optional(),
        name: z.string().min(1, '请输入姓名'),
      })
      .refine(() => true),
  });

  it('finds a field through wrappers and nesting, and nothing where there is none', () => {
    expect(fieldSchemaAt(schema, ['data', 'phone'])).not.toBeNull();
    expect(fieldSchemaAt(schema, ['data', 'nope'])).toBeNull();
    expect(fieldSchemaAt(schema, ['employeeId', 'x'])).toBeNull();
  });

  it("answers the field's own message, and leaves an empty value to the required rule", () => {
    expect(checkField(schema, ['data', 'phone'], '139')).toBe('手机号格式不正确');
    expect(checkField(schema, ['data', 'phone'], '13912345678')).toBeNull();
    expect(checkField(schema, ['data', 'phone'], '')).toBeNull();
    expect(checkField(schema, ['data', 'unknown'], 'x')).toBeNull();
  });

  it("runs the real contract's rule: the contact block's phone", () => {
    const message = checkField(employeeCalls.rosterSaveLink.request, ['phone'], '139');
    expect(message).toEqual(expect.any(String));
    expect(message).not.toMatch(/[A-Za-z]{4,}/);
    expect(checkField(employeeCalls.rosterSaveLink.request, ['phone'], '13912345678')).toBeNull();
  });
});
