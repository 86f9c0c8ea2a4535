import { assetCalls } from '@erp/contract/modules/assets';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { fenText } from '../finance/money';

export { fenText };
/** Table column override of a fen amount. */
export const moneyColumn = { render: (v: number) => fenText(v), align: 'right' as const };

export { useDictSelect } from '../../components/resource';

/** In-stock assets of a category, searchable by code or name. */
export function AvailableAssetSelect(props: { category?: string; value?: number | null; onChange?: (v: number | null) => void; id?: string }) {
  const [keyword, setKeyword] = useState('');
  const { data, isFetching } = useQuery({
    queryKey: ['assets', 'available', props.category, keyword],
    queryFn: () => api(assetCalls.assetAvailable, { category: props.category, keyword: keyword || undefined }),
  });
  return (
    <Select
      id={props.id}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      loading={isFetching}
      value={props.value ?? undefined}
      onChange={(v) => props.onChange?.(v ?? null)}
      placeholder="输入资产编码或名称搜索"
      options={(data ?? []).map((a) => ({ value: a.id, label: `${a.assetCode} ${a.name}` }))}
      style={{ width: '100%' }}
    />
  );
}
