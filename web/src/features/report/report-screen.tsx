import { type ReportCode, type ReportFilters, type ReportRow, reportCalls } from '@erp/contract/modules/report';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Col, DatePicker, Row, Segmented, Select, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type JSX, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, download } from '../../app/api/client';
import { OrgTreeSelect, useDictSelect } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';
import { DrillDialog, type DrillTarget } from './drill-dialog';
import { ReportChartCard } from './report-chart';
import { formatValue } from './report-format';
import './report-texts';

/** The category dictionary of a report (what the server answers as `categoryDict`), known before the first answer. */
const categoryDictOf = (code: ReportCode) => (code.startsWith('yy') ? 'PERSONCATEGORY' : 'RECRUITKIND');

/**
 * One screen for every report: period, organisation subtree, category and dimension; the charts and
 * the table the server computed; any figure opens the records behind it; the export is the table as shown.
 */
function ReportScreen({ code }: { code: ReportCode }) {
  const { message } = App.useApp();
  const { t, i18n } = useTranslation();
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(11, 'month').startOf('month'), dayjs().startOf('month')]);
  const [orgId, setOrgId] = useState<number | null>(null);
  const [category, setCategory] = useState<string | null>(null);
  const [groupBy, setGroupBy] = useState<string | null>(null);
  const [drill, setDrill] = useState<DrillTarget | null>(null);
  const categories = useDictSelect(categoryDictOf(code));
  const filters: ReportFilters = { report: code, from: range[0].format('YYYY-MM'), to: range[1].format('YYYY-MM'), orgId, category, groupBy };
  const { data, isFetching, error } = useQuery({
    // The server names columns and charts in the chosen language: a switch asks again.
    queryKey: ['report', 'query', filters, i18n.language],
    queryFn: () => api(reportCalls.query, filters),
    // The last answer stays while the next loads: the dimension switch and the table do not blink.
    placeholderData: (previous) => previous,
  });
  const openDrill = (row: ReportRow, measure: string) => {
    const column = data?.columns.find((c) => c.key === measure);
    if (!column?.drill) return;
    setDrill({ rowKey: row.key, rowLabel: row.label, measure, measureTitle: column.title });
  };
  const exportReport = () => download(reportCalls.export, filters).catch((e: Error) => message.error(e.message));

  const figure = (row: ReportRow, key: string) => {
    const column = data?.columns.find((c) => c.key === key);
    const v = row.values[key];
    const text = formatValue(column ?? { kind: 'int' }, v);
    if (!column?.drill || !v) return text;
    return (
      <Button
        type="link"
        size="small"
        style={{ padding: 0, height: 'auto' }}
        onClick={() => openDrill(row, key)}
        aria-label={`${row.label} ${column.title} ${text}`}
      >
        {text}
      </Button>
    );
  };
  const columns = [
    { key: 'label', dataIndex: 'label', title: data?.groupTitle ?? '', fixed: 'left' as const },
    ...(data?.columns ?? []).map((c) => ({ key: c.key, title: c.title, align: 'right' as const, render: (_: unknown, row: ReportRow) => figure(row, c.key) })),
  ];
  return (
    <ScreenFrame>
      <Space wrap style={{ marginBottom: 12 }}>
        <DatePicker.RangePicker
          picker="month"
          aria-label={t('report.period')}
          value={range}
          allowClear={false}
          disabledDate={(d) => d.isAfter(dayjs(), 'month')}
          onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
        />
        <OrgTreeSelect
          aria-label={t('report.org')}
          placeholder={t('report.allOrgs')}
          value={orgId}
          onChange={(v) => setOrgId(typeof v === 'number' ? v : null)}
        />
        <Select
          aria-label={t('report.category')}
          placeholder={t('report.allCategories')}
          allowClear
          style={{ width: 150 }}
          value={category}
          onChange={(v) => setCategory(v ?? null)}
          options={categories}
        />
        <Button type="primary" onClick={exportReport} disabled={!data}>
          {t('report.export')}
        </Button>
      </Space>
      {data && (
        <div style={{ marginBottom: 12 }}>
          <Segmented
            aria-label={t('report.dimension')}
            value={data.groupBy}
            onChange={(v) => setGroupBy(String(v))}
            options={data.groups.map((g) => ({ value: g.key, label: t('report.by', { name: g.title }) }))}
          />
        </div>
      )}
      {error && <Typography.Text type="danger">{(error as Error).message}</Typography.Text>}
      {data && (
        <>
          <Typography.Paragraph type="secondary">
            {data.description}
            {t('report.asOf', { date: data.asOf })}
          </Typography.Paragraph>
          <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
            {data.charts.map((c) => (
              <Col key={`${data.groupBy}-${c.title}`} xs={24} lg={data.charts.length > 1 ? 12 : 24}>
                <ReportChartCard chart={c} result={data} onDrill={openDrill} />
              </Col>
            ))}
          </Row>
          <Table<ReportRow>
            size="small"
            rowKey="key"
            loading={isFetching}
            scroll={{ x: 'max-content' }}
            pagination={data.rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
            dataSource={data.rows}
            columns={columns}
            summary={() => (
              <Table.Summary fixed>
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>
                    <strong>{data.total.label}</strong>
                  </Table.Summary.Cell>
                  {data.columns.map((c, i) => (
                    <Table.Summary.Cell key={c.key} index={i + 1} align="right">
                      <strong>{figure(data.total, c.key)}</strong>
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              </Table.Summary>
            )}
          />
        </>
      )}
      {drill && <DrillDialog filters={{ ...filters, groupBy: data?.groupBy ?? groupBy }} target={drill} onClose={() => setDrill(null)} />}
    </ScreenFrame>
  );
}

const cache = new Map<ReportCode, () => JSX.Element>();

/** The screen of one report (the registry needs a component per route). */
export function screenOf(code: ReportCode) {
  let screen = cache.get(code);
  if (!screen) {
    screen = () => <ReportScreen code={code} />;
    cache.set(code, screen);
  }
  return screen;
}
