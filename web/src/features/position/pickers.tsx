import type { CallDefinition, RequestOf } from '@erp/contract/define';
import { positionCalls } from '@erp/contract/modules/position';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { api } from '../../app/api/client';

/** Query keys of the option lists; position screens invalidate ['position'] after every change. */
export const OPTIONS_KEY = ['position', 'options'] as const;

interface Bound {
  value?: number | null;
  onChange?: (value: number | null) => void;
  id?: string;
  disabled?: boolean;
  placeholder?: string;
  style?: React.CSSProperties;
  /** Name for assistive technology when the select has no form label (filters). */
  'aria-label'?: string;
}

type Option = { id: number; code: string; name: string };

function OptionSelect<C extends CallDefinition>({ call, input, name, ...bound }: Bound & { call: C; input: RequestOf<C>; name: string }) {
  const { data, isLoading } = useQuery({
    queryKey: [...OPTIONS_KEY, name, input],
    queryFn: () => api(call, input) as Promise<Option[]>,
    staleTime: 60_000,
  });
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={isLoading}
      options={(data ?? []).map((o) => ({ value: o.id, label: `${o.name}（${o.code}）` }))}
      {...bound}
      onChange={(v) => bound.onChange?.(v ?? null)}
    />
  );
}

export const PostLargeSelect = (p: Bound) => <OptionSelect call={positionCalls.postLargeOptions} input={{}} name="postLarge" {...p} />;
export const PostClanSelect = ({ postLargeId, ...p }: Bound & { postLargeId?: number | null }) => (
  <OptionSelect call={positionCalls.postClanOptions} input={postLargeId ? { postLargeId } : {}} name="postClan" {...p} />
);
export const AlignmentSelect = (p: Bound) => <OptionSelect call={positionCalls.alignmentOptions} input={{}} name="alignment" {...p} />;
export const TradeSelect = (p: Bound) => <OptionSelect call={positionCalls.tradeOptions} input={{}} name="trade" {...p} />;
/** Grades in level order, within a sequence's band when one is given. */
export const GradeSelect = ({ alignmentId, ...p }: Bound & { alignmentId?: number | null }) => (
  <OptionSelect call={positionCalls.gradeList} input={alignmentId ? { alignmentId } : {}} name="grade" {...p} />
);
