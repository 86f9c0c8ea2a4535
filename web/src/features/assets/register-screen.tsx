import { ASSET_PERM, ASSET_STATUS, type AssetRecord, assetCalls, assetMeta } from '@erp/contract/modules/assets';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Row, Space, Statistic } from 'antd';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { Auth, useHasAuth } from '../../app/auth/auth';
import { ResourceTable } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';
import { AssetDetailDrawer } from './asset-detail';
import { RegisterDialog } from './register-dialog';
import { ReturnDialog, type ReturnTarget } from './return-dialog';
import { fenText, moneyColumn } from './shared';

/** 资产台账: totals that reconcile, the register with depreciation to date, registering, return, scrap and the QR label. */
export default function RegisterScreen() {
  const qc = useQueryClient();
  const may = useHasAuth();
  const { message, modal } = App.useApp();
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<number | null>(null);
  const summary = useQuery({ queryKey: ['assets', 'summary'], queryFn: () => api(assetCalls.assetSummary, {}) });
  const refresh = () => qc.invalidateQueries({ queryKey: ['assets'] });
  const t = summary.data?.total;
  const [returning, setReturning] = useState<ReturnTarget | null>(null);
  const giveBack = (r: AssetRecord) =>
    setReturning({ assetId: r.id, assetCode: r.assetCode, name: r.name, holder: r.holderName || r.projectName, location: r.location });
  const scrap = (r: AssetRecord) =>
    modal.confirm({
      title: `报废 ${r.assetCode} ${r.name}？`,
      onOk: async () => {
        await api(assetCalls.assetScrap, { id: r.id, remark: '已无使用价值' });
        message.success('已报废');
        await refresh();
      },
    });
  return (
    <ScreenFrame>
      <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
        {(
          [
            ['在册资产（件）', t?.count, false],
            ['原值（元）', t?.purchaseValue, true],
            ['累计折旧（元）', t?.accumulatedDepreciation, true],
            ['净值（元）', t?.netValue, true],
            ['本月折旧（元）', t?.monthCharge, true],
          ] as const
        ).map(([title, value, money]) => (
          <Col key={title} xs={12} md={8} lg={4}>
            <Card size="small" loading={summary.isLoading}>
              <Statistic title={title} value={value === undefined ? '-' : money ? fenText(value) : value} />
            </Card>
          </Col>
        ))}
      </Row>
      <ResourceTable<AssetRecord>
        meta={assetMeta}
        pageCall={assetCalls.assetPage}
        exportCall={may(ASSET_PERM.assetExport) ? assetCalls.assetExport : undefined}
        exportName="资产台账.xlsx"
        queryKey={['assets', 'register']}
        columns={{ purchaseValue: moneyColumn, accumulatedDepreciation: moneyColumn, netValue: moneyColumn, monthlyDepreciation: moneyColumn }}
        toolbar={
          <Auth code={ASSET_PERM.assetEdit}>
            <Button type="primary" onClick={() => setAdding(true)}>
              登记资产
            </Button>
          </Auth>
        }
        rowActions={(r) => (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setShown(r.id)}>
              详情
            </Button>
            {(r.status === ASSET_STATUS.inUse || r.status === ASSET_STATUS.lent) && may(ASSET_PERM.assetIssue) && (
              <Button type="link" size="small" onClick={() => giveBack(r)}>
                归还
              </Button>
            )}
            {r.status === ASSET_STATUS.inStock && may(ASSET_PERM.assetEdit) && (
              <Button type="link" size="small" danger onClick={() => scrap(r)}>
                报废
              </Button>
            )}
          </Space>
        )}
        actionsWidth={150}
      />
      <RegisterDialog
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={() => {
          setAdding(false);
          void refresh();
        }}
      />
      <AssetDetailDrawer id={shown} onClose={() => setShown(null)} />
      <ReturnDialog
        target={returning}
        onClose={() => setReturning(null)}
        onDone={() => {
          setReturning(null);
          void refresh();
        }}
      />
    </ScreenFrame>
  );
}
