import { type InterviewRecord, recruitCalls } from '@erp/contract/modules/recruit';
import { useQuery } from '@tanstack/react-query';
import { Badge, Calendar, Popover, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { ScreenFrame } from '../base/screen-frame';
import { InterviewerSelect, PlaceSelect } from './shared';

const STATUS_COLOR: Record<string, 'processing' | 'success' | 'error' | 'default'> = {
  '001': 'processing',
  '002': 'success',
  '003': 'error',
  '004': 'default',
};

/** The interview calendar for a month, per interviewer or room. */
export default function InterviewScreen() {
  const [month, setMonth] = useState<Dayjs>(dayjs());
  const [interviewerUserId, setInterviewer] = useState<number | null>(null);
  const [placeId, setPlace] = useState<number | null>(null);
  const from = month.startOf('month').subtract(7, 'day').format('YYYY-MM-DD');
  const to = month.endOf('month').add(7, 'day').format('YYYY-MM-DD');
  const { data } = useQuery({
    queryKey: ['recruit', 'calendar', from, to, interviewerUserId, placeId],
    queryFn: () => api(recruitCalls.interviewCalendar, { from, to, interviewerUserId, placeId }),
  });
  const byDay = new Map<string, InterviewRecord[]>();
  for (const i of data ?? []) {
    const key = dayjs(i.startsAt).format('YYYY-MM-DD');
    byDay.set(key, [...(byDay.get(key) ?? []), i]);
  }
  return (
    <ScreenFrame>
      <Space style={{ marginBottom: 8 }}>
        <InterviewerSelect value={interviewerUserId} onChange={setInterviewer} allowClear />
        <PlaceSelect value={placeId} onChange={setPlace} />
      </Space>
      <Calendar
        value={month}
        onPanelChange={(d) => setMonth(d)}
        onSelect={(d) => setMonth(d)}
        cellRender={(d, info) => {
          if (info.type !== 'date') return info.originNode;
          const list = byDay.get(d.format('YYYY-MM-DD')) ?? [];
          return (
            <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {list.slice(0, 4).map((i) => (
                <li key={i.id}>
                  <Popover
                    title={`${i.candidateName} · ${i.demandName}`}
                    content={
                      <div>
                        <div>
                          {dayjs(i.startsAt).format('HH:mm')}–{dayjs(i.endsAt).format('HH:mm')}
                        </div>
                        <div>面试官：{i.interviewerName}</div>
                        <div>地点：{i.placeName ?? '—'}</div>
                      </div>
                    }
                  >
                    <Badge status={STATUS_COLOR[i.status] ?? 'default'} text={`${dayjs(i.startsAt).format('HH:mm')} ${i.candidateName}`} />
                  </Popover>
                </li>
              ))}
              {list.length > 4 && <Typography.Text type="secondary">+{list.length - 4}</Typography.Text>}
            </ul>
          );
        }}
      />
    </ScreenFrame>
  );
}
