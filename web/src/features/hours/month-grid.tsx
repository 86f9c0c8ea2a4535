import type { DayType } from '@erp/contract/modules/hours-pay';
import { InputNumber } from 'antd';

export interface GridDay {
  workDate: string;
  hours: number;
  dayType: DayType;
  fillable: boolean;
  holidayName: string | null;
}

const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'];
const TYPE_STYLE: Record<DayType, { background: string; label: string }> = {
  W: { background: 'transparent', label: '' },
  R: { background: 'rgba(0,0,0,0.04)', label: '休' },
  H: { background: '#fff1f0', label: '节' },
};

/**
 * A month as weeks (Monday first): one cell per day with its hours, the day's type (rest days
 * grey, statutory holidays red, adjusted working days marked 班) and the week's state.
 */
export function MonthGrid(props: { days: GridDay[]; editable: boolean; weekState?: React.ReactNode; onChange(workDate: string, hours: number): void }) {
  const first = props.days[0];
  if (!first) return null;
  const lead = (new Date(`${first.workDate}T00:00:00Z`).getUTCDay() + 6) % 7;
  // Blank cells before the 1st and after the last day, each with its own key.
  const cells: Array<{ key: string; day: GridDay | null }> = [
    ...Array.from({ length: lead }, (_, i) => ({ key: `lead-${i}`, day: null })),
    ...props.days.map((d) => ({ key: d.workDate, day: d })),
  ];
  while (cells.length % 7) cells.push({ key: `tail-${cells.length}`, day: null });
  const weeks: Array<Array<{ key: string; day: GridDay | null }>> = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return (
    <table className="work-grid" style={{ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' }}>
      <thead>
        <tr>
          {WEEKDAYS.map((w) => (
            <th key={w} style={{ padding: 6, borderBottom: '1px solid #f0f0f0' }}>
              周{w}
            </th>
          ))}
          <th style={{ width: 96, borderBottom: '1px solid #f0f0f0' }}>本周</th>
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => {
          const total = week.reduce((t, c) => t + (c.day?.hours ?? 0), 0);
          return (
            <tr key={week[0]?.key}>
              {week.map(({ key, day: d }) => {
                if (!d) return <td key={key} />;
                const style = TYPE_STYLE[d.dayType];
                const adjusted = d.dayType === 'W' && d.holidayName;
                return (
                  <td
                    key={d.workDate}
                    data-date={d.workDate}
                    style={{ padding: 4, background: style.background, verticalAlign: 'top', border: '1px solid #f0f0f0' }}
                  >
                    <div style={{ display: 'flex', justifyContent: 'space-between', fontSize: 12 }}>
                      <span>{Number(d.workDate.slice(8))}</span>
                      <span title={d.holidayName ?? undefined} style={{ color: d.dayType === 'H' ? '#cf1322' : '#888' }}>
                        {adjusted ? '班' : style.label}
                        {d.holidayName && d.dayType !== 'W' ? ` ${d.holidayName}` : ''}
                      </span>
                    </div>
                    <InputNumber
                      size="small"
                      min={0}
                      max={24}
                      step={0.5}
                      precision={2}
                      aria-label={`${d.workDate} 工时`}
                      disabled={!props.editable || !d.fillable}
                      value={d.hours}
                      onChange={(v) => props.onChange(d.workDate, Number(v ?? 0))}
                      style={{ width: '100%' }}
                    />
                  </td>
                );
              })}
              <td style={{ textAlign: 'center', border: '1px solid #f0f0f0' }}>
                <div>{total} h</div>
                {props.weekState}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
