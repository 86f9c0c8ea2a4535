import { type ReportFilters, reportCalls } from '@erp/contract/modules/report';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Modal, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, download } from '../../app/api/client';
import './report-texts';

export interface DrillTarget {
  rowKey: string;
  rowLabel: string;
  measure: string;
  measureTitle: string;
}

/** The records behind one figure, page by page, with their xlsx export. */
export function DrillDialog({ filters, target, onClose }: { filters: ReportFilters; target: DrillTarget; onClose: () => void }) {
  const { message } = App.useApp();
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 20 });
  const input = { ...filters, rowKey: target.rowKey, measure: target.measure };
  const { data, isFetching } = useQuery({
    queryKey: ['report', 'drill', input, page, i18n.language],
    queryFn: () => api(reportCalls.drill, { ...input, ...page }),
  });
  const title = `${target.rowLabel} · ${target.measureTitle}`;
  const exportDrill = () => download(reportCalls.drillExport, input, t('report.drillFile', { title })).catch((e: Error) => message.error(e.message));
  return (
    <Modal
      open
      title={title}
      width={1000}
      onCancel={onClose}
      footer={[
        <Button key="export" onClick={exportDrill} disabled={!data?.total}>
          {t('report.exportDrill')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('report.close')}
        </Button>,
      ]}
    >
      <Table
        size="small"
        rowKey="__key"
        loading={isFetching}
        scroll={{ x: 'max-content' }}
        dataSource={(data?.records ?? []).map((r, i) => ({ ...r, __key: i }))}
        columns={(data?.columns ?? []).map((c) => ({
          key: c.key,
          dataIndex: c.key,
          title: c.title,
          render: (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v)),
        }))}
        pagination={{
          current: page.pageIndex,
          pageSize: page.pageSize,
          total: data?.total ?? 0,
          showTotal: (count) => t('report.total', { count }),
          onChange: (pageIndex, pageSize) => setPage({ pageIndex, pageSize }),
        }}
      />
    </Modal>
  );
}
