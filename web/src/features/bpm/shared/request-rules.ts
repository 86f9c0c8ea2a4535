import type { RequestField } from '@erp/contract/modules/bpm';
import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';

/** The antd rules of one field of a request's start form: required, text length, end not before start. */
export function requestFieldRules(f: RequestField, message: string): Rule[] {
  const isText = f.kind === 'text' || f.kind === 'textarea';
  return [
    // `whitespace` only on text: any key beside required/message makes async-validator check the
    // value as a string, which a date or a number then fails with the "required" message.
    ...(f.required ? [isText ? { required: true, whitespace: true, message } : { required: true, message }] : []),
    ...(f.max && isText ? [{ max: f.max }] : []),
    ...(f.name === 'endDate'
      ? [
          ({ getFieldValue }: { getFieldValue(n: string): unknown }) => ({
            validator: async (_r: unknown, v: Dayjs | undefined) => {
              const start = getFieldValue('startDate') as Dayjs | undefined;
              if (v && start && v.isBefore(start, 'day')) throw new Error('结束日期不能早于开始日期');
            },
          }),
        ]
      : []),
  ];
}
