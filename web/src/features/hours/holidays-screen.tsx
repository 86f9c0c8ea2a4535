import { functionHourCalls as F, HOURS_PERM } from '@erp/contract/modules/hours-pay';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Input, Popconfirm, Select, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { useHasAuth } from '../../app/auth/auth';
import { DictTag } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';

/** 节假日设置: the statutory holidays, rest days and adjusted working days of a year (the State Council's notice). */
export default function HolidaysScreen() {
  const can = useHasAuth();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [year, setYear] = useState(() => new Date().getFullYear());
  const [day, setDay] = useState<Dayjs | null>(null);
  const [kind, setKind] = useState<'001' | '002' | '003'>('001');
  const [name, setName] = useState('');
  const list = useQuery({ queryKey: ['hours', 'holidays', year], queryFn: () => api(F.holidayList, { year }) });
  const refresh = () => client.invalidateQueries({ queryKey: ['hours', 'holidays'] });
  const editable = can(HOURS_PERM.calendarEdit);
  return (
    <ScreenFrame>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          aria-label="年度"
          value={year}
          onChange={setYear}
          style={{ width: 110 }}
          options={[-1, 0, 1].map((d) => ({ value: new Date().getFullYear() + d, label: `${new Date().getFullYear() + d}年` }))}
        />
        {editable && (
          <>
            <DatePicker aria-label="日期" value={day} onChange={setDay} />
            <Select
              aria-label="类型"
              value={kind}
              onChange={setKind}
              style={{ width: 140 }}
              options={[
                { value: '001', label: '法定节假日' },
                { value: '002', label: '调休休息日' },
                { value: '003', label: '调休上班日' },
              ]}
            />
            <Input aria-label="节日名称" placeholder="节日名称" value={name} maxLength={32} onChange={(e) => setName(e.target.value)} style={{ width: 160 }} />
            <Button
              type="primary"
              disabled={!day || !name.trim()}
              onClick={async () => {
                if (!day) return;
                await api(F.holidaySave, { day: day.format('YYYY-MM-DD'), kind, name: name.trim() });
                message.success('已保存');
                setDay(null);
                setName('');
                await refresh();
              }}
            >
              保存
            </Button>
          </>
        )}
      </Space>
      <Table
        size="small"
        rowKey="day"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={{ pageSize: 50 }}
        columns={[
          { title: '日期', dataIndex: 'day', width: 130 },
          { title: '类型', dataIndex: 'kind', width: 140, render: (v: string) => <DictTag codeType="HOLIDAYKIND" value={v} /> },
          { title: '名称', dataIndex: 'name' },
          ...(editable
            ? [
                {
                  title: '操作',
                  key: 'op',
                  width: 90,
                  render: (_: unknown, r: { day: string }) => (
                    <Popconfirm
                      title="删除后该日按星期计算，确定删除？"
                      onConfirm={async () => {
                        await api(F.holidayDelete, { day: r.day });
                        await refresh();
                      }}
                    >
                      <Button type="link" size="small" danger>
                        删除
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
    </ScreenFrame>
  );
}
