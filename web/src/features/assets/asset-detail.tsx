import { assetCalls } from '@erp/contract/modules/assets';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, QRCode, Space, Table, Tabs, Timeline } from 'antd';
import { api } from '../../app/api/client';
import { RecordHistory } from '../../components/history/record-history';
import { DictTag } from '../../components/resource';
import { monthText } from '../finance/money';
import { fenText } from './shared';

/** One asset: its printable QR label, facts, depreciation plan and history. */
export function AssetDetailDrawer({ id, onClose }: { id: number | null; onClose(): void }) {
  const { data } = useQuery({ queryKey: ['assets', 'info', id], queryFn: () => api(assetCalls.assetInfo, { id: id as number }), enabled: id !== null });
  return (
    <Drawer open={id !== null} onClose={onClose} title={data ? `${data.assetCode} ${data.name}` : '资产详情'} size="large" destroyOnHidden>
      {data && (
        <>
          <Space align="start" size={24} wrap>
            <div className="asset-label" style={{ border: '1px dashed #bbb', padding: 12, textAlign: 'center', width: 200 }}>
              <QRCode value={data.assetCode} size={140} bordered={false} />
              <div style={{ fontWeight: 600 }}>{data.assetCode}</div>
              <div>{data.name}</div>
              <Button size="small" style={{ marginTop: 8 }} onClick={() => window.print()}>
                打印标签
              </Button>
            </div>
            <Descriptions size="small" column={1} style={{ minWidth: 280 }}>
              <Descriptions.Item label="状态">
                <DictTag codeType="ASSETSTATUS" value={data.status} />
              </Descriptions.Item>
              <Descriptions.Item label="存放地点">
                <DictTag codeType="ASSETLOCATION" value={data.location} />
              </Descriptions.Item>
              <Descriptions.Item label="使用人">{data.holderName || '-'}</Descriptions.Item>
              <Descriptions.Item label="保管人">{data.keeperName || '-'}</Descriptions.Item>
              <Descriptions.Item label="原值（元）">{fenText(data.purchaseValue)}</Descriptions.Item>
              <Descriptions.Item label="累计折旧（元）">{fenText(data.accumulatedDepreciation)}</Descriptions.Item>
              <Descriptions.Item label="净值（元）">{fenText(data.netValue)}</Descriptions.Item>
              <Descriptions.Item label="折旧期间">
                {data.depreciationFrom ? `${monthText(data.depreciationFrom)} 至 ${monthText(data.depreciationTo as number)}` : '低值易耗品，购置当月一次摊销'}
              </Descriptions.Item>
            </Descriptions>
          </Space>
          <Tabs
            style={{ marginTop: 16 }}
            items={[
              {
                key: 'schedule',
                label: '折旧计划',
                children: (
                  <Table
                    size="small"
                    rowKey="month"
                    pagination={false}
                    dataSource={data.schedule}
                    columns={[
                      { title: '月份', dataIndex: 'month', render: (m: number) => monthText(m) },
                      { title: '本月折旧', dataIndex: 'charge', align: 'right', render: fenText },
                      { title: '累计折旧', dataIndex: 'accumulated', align: 'right', render: fenText },
                      { title: '净值', dataIndex: 'net', align: 'right', render: fenText },
                    ]}
                  />
                ),
              },
              {
                key: 'movements',
                label: '变动记录',
                children: (
                  <Timeline
                    items={data.movements.map((m) => ({
                      key: m.id,
                      content: (
                        <span>
                          {new Date(m.createdAt).toLocaleString('zh-CN')} <DictTag codeType="ASSETMOVE" value={m.kind} /> {m.userName} {m.projectName}{' '}
                          {m.documentNo} {m.remark} <span style={{ color: '#999' }}>（{m.operatorName}）</span>
                        </span>
                      ),
                    }))}
                  />
                ),
              },
              { key: 'history', label: '操作记录', children: <RecordHistory kind="asset" id={data.id} /> },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
