import type { RequestOf } from '@erp/contract/define';
import { BASE_PERM, baseCalls, type DemandSupplyRecord, demandSupplyMeta } from '@erp/contract/modules/base';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Drawer } from 'antd';
import { useState } from 'react';
import { api } from '../../../app/api/client';
import { Auth } from '../../../app/auth/auth';
import { ResourceForm, ResourceTable, renderValue } from '../../../components/resource';
import { ScreenFrame } from '../screen-frame';

const KEY = ['base', 'demandSupply'] as const;

/** Demand suppliers: agencies and headhunters that supply candidates, per responsible department. */
export default function DemandSupplyScreen() {
  const client = useQueryClient();
  const [editing, setEditing] = useState<{ open: boolean; record: DemandSupplyRecord | null }>({ open: false, record: null });
  const [viewing, setViewing] = useState<DemandSupplyRecord | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: KEY });
  return (
    <ScreenFrame>
      <ResourceTable<DemandSupplyRecord>
        meta={demandSupplyMeta}
        pageCall={baseCalls.demandSupplySelectPage}
        exportCall={baseCalls.demandSupplyExport}
        queryKey={KEY}
        toolbar={
          <Auth code={BASE_PERM.supplyEdit}>
            <Button type="primary" onClick={() => setEditing({ open: true, record: null })}>
              新增供应商
            </Button>
          </Auth>
        }
        rowActions={(r) => (
          <>
            <Button type="link" size="small" onClick={async () => setViewing(await api(baseCalls.demandSupplyDetail, { id: r.id }))}>
              详情
            </Button>
            <Auth code={BASE_PERM.supplyEdit}>
              <Button type="link" size="small" onClick={() => setEditing({ open: true, record: r })}>
                编辑
              </Button>
            </Auth>
          </>
        )}
        actionsWidth={140}
      />
      <ResourceForm<DemandSupplyRecord>
        meta={demandSupplyMeta}
        open={editing.open}
        title={editing.record ? `编辑供应商 · ${editing.record.name}` : '新增供应商'}
        record={editing.record}
        defaults={{ enabled: true }}
        onClose={() => setEditing({ open: false, record: null })}
        onSubmit={async (v) => {
          if (editing.record) await api(baseCalls.demandSupplyUpdate, { ...v, id: editing.record.id } as RequestOf<typeof baseCalls.demandSupplyUpdate>);
          else await api(baseCalls.demandSupplyAdd, v as RequestOf<typeof baseCalls.demandSupplyAdd>);
          await refresh();
        }}
      />
      <Drawer open={viewing !== null} onClose={() => setViewing(null)} title={viewing?.name} size={480}>
        {viewing && (
          <Descriptions column={1} bordered size="small">
            {Object.entries(demandSupplyMeta.fields)
              .filter(([k]) => k !== 'orgId')
              .map(([k, f]) => (
                <Descriptions.Item key={k} label={f.label}>
                  {renderValue(f, viewing[k as keyof DemandSupplyRecord], k)}
                </Descriptions.Item>
              ))}
          </Descriptions>
        )}
      </Drawer>
    </ScreenFrame>
  );
}
