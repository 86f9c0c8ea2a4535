import { type AuditRecord, auditMeta, baseCalls } from '@erp/contract/modules/base';
import { CONTROLS_PERM } from '@erp/contract/modules/controls';
import { Button, Descriptions, Drawer, Typography } from 'antd';
import { useState } from 'react';
import { useHasAuth } from '../../../app/auth/auth';
import { ResourceTable, renderValue } from '../../../components/resource';
import { ScreenFrame } from '../screen-frame';
import { ControlSettingsDialog } from './control-settings-dialog';

const json = (v: unknown) => (v === null || v === undefined ? '-' : JSON.stringify(v, null, 2));

/** The audit log of every write call: who, when, which call, which record, before and after; 内控设置 from its toolbar. */
export default function AuditScreen() {
  const [viewing, setViewing] = useState<AuditRecord | null>(null);
  const [settings, setSettings] = useState(false);
  const mayConfigure = useHasAuth()(CONTROLS_PERM.edit);
  return (
    <ScreenFrame>
      <ResourceTable<AuditRecord>
        meta={auditMeta}
        pageCall={baseCalls.auditPage}
        queryKey={['base', 'audit']}
        toolbar={mayConfigure ? <Button onClick={() => setSettings(true)}>内控设置</Button> : undefined}
        rowActions={(r) => (
          <Button type="link" size="small" onClick={() => setViewing(r)}>
            详情
          </Button>
        )}
        actionsWidth={80}
      />
      <Drawer open={viewing !== null} onClose={() => setViewing(null)} title="操作详情" size={640}>
        {viewing && (
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="时间">{renderValue({ label: '', valueType: 'datetime' }, viewing.at, 'at')}</Descriptions.Item>
            <Descriptions.Item label="操作人">{viewing.userCode ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="接口">{viewing.call}</Descriptions.Item>
            <Descriptions.Item label="记录">{viewing.recordId ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="IP">{viewing.ip ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="修改前">
              <Typography.Paragraph code style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                {json(viewing.before)}
              </Typography.Paragraph>
            </Descriptions.Item>
            <Descriptions.Item label="内容">
              <Typography.Paragraph code style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                {json(viewing.after)}
              </Typography.Paragraph>
            </Descriptions.Item>
          </Descriptions>
        )}
      </Drawer>
      {settings && <ControlSettingsDialog onClose={() => setSettings(false)} />}
    </ScreenFrame>
  );
}
