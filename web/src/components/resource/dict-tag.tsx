import { Tag } from 'antd';
import { TAG_COLOR, useDictLabels } from './use-dict';

/** A dictionary value as its name, in its status colour when it has one. */
export function DictTag({ codeType, value }: { codeType: string; value: unknown }) {
  const { labelOf, option } = useDictLabels(codeType);
  if (value === null || value === undefined || value === '') return null;
  const color = option(value)?.color;
  return color ? <Tag color={TAG_COLOR[color] ?? color}>{labelOf(value)}</Tag> : <span>{labelOf(value)}</span>;
}
