import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { type InterviewRecord, recruitCalls } from '@erp/contract/modules/recruit';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Calendar, DatePicker, Popover, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { ScreenFrame } from '../base/screen-frame';
import styles from './interview-screen.module.css';
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
        // A header of its own: antd's year and month selects carry no accessible name.
        headerRender={({ value, onChange }) => (
          <Space style={{ padding: '8px 0', justifyContent: 'flex-end', width: '100%' }}>
            <Button aria-label="上个月" icon={<LeftOutlined />} onClick={() => onChange(value.subtract(1, 'month'))} />
            <DatePicker picker="month" aria-label="月份" allowClear={false} value={value} onChange={(d) => d && onChange(d)} />
            <Button aria-label="下个月" icon={<RightOutlined />} onClick={() => onChange(value.add(1, 'month'))} />
          </Space>
        )}
        cellRender={(d, info) => {
          if (info.type !== 'date') return info.originNode;
          const list = byDay.get(d.format('YYYY-MM-DD')) ?? [];
          return (
            <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {list.slice(0, 4).map((i) => (
                <li key={i.id}>
                  <Popover
                    trigger={['hover', 'focus']}
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
                    {/* A focusable trigger: the popover opens on keyboard focus as on hover. */}
                    <button type="button" className={styles.slot}>
                      <Badge status={STATUS_COLOR[i.status] ?? 'default'} text={`${dayjs(i.startsAt).format('HH:mm')} ${i.candidateName}`} />
                    </button>
                  </Popover>
                </li>
              ))}
              {list.length > 4 && (
                <li>
                  <Typography.Text type="secondary">+{list.length - 4}</Typography.Text>
                </li>
              )}
            </ul>
          );
        }}
      />
    </ScreenFrame>
  );
}
