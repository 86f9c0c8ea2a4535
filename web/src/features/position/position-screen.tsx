import { POSITION_PERM, type PositionRecord, positionCalls, positionMeta } from '@erp/contract/modules/position';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Space } from 'antd';
import { useState } from 'react';
import { Auth } from '../../app/auth/auth';
import { ImportDialog } from '../../components/resource';
import { LadderScreen } from './ladder-screen';
import { MetaFormItems } from './meta-form-items';
import { AlignmentSelect, GradeSelect, PostClanSelect, PostLargeSelect, TradeSelect } from './pickers';

const REFERENCES = ['postClanId', 'alignmentId', 'tradeId', 'minGradeId', 'maxGradeId'];
/** Drawn after the selects, so the ladder choices sit next to the name. */
const TRAILING = ['duty', 'requirement', 'sort', 'enabled', 'remark'] as const;

/** The grade range, offered within the band of the sequence chosen above it. */
function GradeRange() {
  const alignmentId = Form.useWatch<number | null>('alignmentId');
  return (
    <div style={{ display: 'flex', gap: 12 }}>
      <Form.Item name="minGradeId" label="最低职级" rules={[{ required: true, message: '请选择最低职级' }]} style={{ flex: 1 }}>
        <GradeSelect alignmentId={alignmentId} />
      </Form.Item>
      <Form.Item name="maxGradeId" label="最高职级" rules={[{ required: true, message: '请选择最高职级' }]} style={{ flex: 1 }}>
        <GradeSelect alignmentId={alignmentId} />
      </Form.Item>
    </div>
  );
}

/** Positions (岗位): filter by category, clan, sequence, unit and status; add, edit, import, export. */
export default function PositionScreen() {
  const client = useQueryClient();
  const [importing, setImporting] = useState(false);
  const [filters, setFilters] = useState<{ postLargeId?: number | null; postClanId?: number | null; alignmentId?: number | null }>({});
  const fixed = Object.fromEntries(Object.entries(filters).filter(([, v]) => v));
  return (
    <>
      <LadderScreen<PositionRecord>
        meta={positionMeta}
        noun="岗位"
        calls={{ page: positionCalls.positionPage, add: positionCalls.positionAdd, update: positionCalls.positionUpdate, export: positionCalls.positionExport }}
        perms={{ edit: POSITION_PERM.positionEdit, export: POSITION_PERM.positionExport }}
        fixedFilters={fixed}
        header={
          <Space wrap style={{ marginBottom: 12 }} data-testid="position-ladder-filters">
            <span>岗位大类</span>
            <PostLargeSelect
              value={filters.postLargeId}
              onChange={(postLargeId) => setFilters((f) => ({ ...f, postLargeId, postClanId: null }))}
              aria-label="岗位大类"
              placeholder="全部"
              style={{ width: 160 }}
            />
            <span>岗位族</span>
            <PostClanSelect
              postLargeId={filters.postLargeId}
              value={filters.postClanId}
              onChange={(postClanId) => setFilters((f) => ({ ...f, postClanId }))}
              aria-label="岗位族"
              placeholder="全部"
              style={{ width: 180 }}
            />
            <span>职位序列</span>
            <AlignmentSelect
              value={filters.alignmentId}
              onChange={(alignmentId) => setFilters((f) => ({ ...f, alignmentId }))}
              aria-label="职位序列"
              placeholder="全部"
              style={{ width: 160 }}
            />
          </Space>
        }
        toolbarExtra={
          <Auth code={POSITION_PERM.positionImport}>
            <Button onClick={() => setImporting(true)}>导入</Button>
          </Auth>
        }
        omit={[...REFERENCES, ...TRAILING]}
        formExtra={
          <>
            <Form.Item name="postClanId" label="岗位族" rules={[{ required: true, message: '请选择岗位族' }]}>
              <PostClanSelect />
            </Form.Item>
            <Form.Item name="alignmentId" label="职位序列" rules={[{ required: true, message: '请选择职位序列' }]}>
              <AlignmentSelect />
            </Form.Item>
            <GradeRange />
            <Form.Item name="tradeId" label="行业">
              <TradeSelect />
            </Form.Item>
            <MetaFormItems fields={positionMeta.fields} names={TRAILING} />
          </>
        }
      />
      <ImportDialog
        open={importing}
        noun="岗位"
        importCall={positionCalls.positionImport}
        templateCall={positionCalls.positionTemplate}
        templateName="岗位导入模板.xlsx"
        allOrNothing
        onClose={() => setImporting(false)}
        onImported={() => client.invalidateQueries({ queryKey: ['position'] })}
      />
    </>
  );
}
