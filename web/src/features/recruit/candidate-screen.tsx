import { type CandidateRecord, candidateMeta, RECRUIT_PERM, recruitCalls } from '@erp/contract/modules/recruit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, message, Segmented, Space } from 'antd';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { useHasAuth } from '../../app/auth/auth';
import { ResourceTable } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';
import { CandidateBoard } from './candidate-board';
import { CandidateDrawer } from './candidate-drawer';
import { DemandSelect } from './shared';

/** Candidates: the pipeline board (drag between stages) and the list, per demand. */
export default function CandidateScreen() {
  const client = useQueryClient();
  const may = useHasAuth();
  const [view, setView] = useState<'board' | 'list'>('board');
  const [demandId, setDemandId] = useState<number | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const board = useQuery({
    queryKey: ['recruit', 'board', demandId],
    // The most recently moved 500 (a demand's whole pipeline when one is chosen), closed ones included.
    queryFn: () => api(recruitCalls.candidateGetPageList, { pageIndex: 1, pageSize: 500, ...(demandId ? { demandId } : {}) }),
    enabled: view === 'board',
  });
  const move = async (c: CandidateRecord, toStage: string, reason?: string) => {
    await api(recruitCalls.candidateMove, { id: c.id, fromStage: c.stage as '010', toStage: toStage as '020', reason });
    message.success(`${c.name} 已移动`);
    await client.invalidateQueries({ queryKey: ['recruit'] });
  };
  return (
    <ScreenFrame>
      <Space style={{ marginBottom: 12 }} wrap>
        <Segmented
          value={view}
          onChange={(v) => setView(v as 'board' | 'list')}
          options={[
            { value: 'board', label: '看板' },
            { value: 'list', label: '列表' },
          ]}
        />
        <DemandSelect value={demandId} onChange={setDemandId} />
        <Button onClick={() => client.invalidateQueries({ queryKey: ['recruit'] })}>刷新</Button>
      </Space>
      {view === 'board' ? (
        <CandidateBoard candidates={board.data?.records ?? []} onMove={move} onOpen={(c) => setOpen(c.id)} canMove={may(RECRUIT_PERM.candidateEdit)} />
      ) : (
        <ResourceTable<CandidateRecord>
          meta={candidateMeta}
          pageCall={recruitCalls.candidateGetPageList}
          queryKey={['recruit', 'candidates']}
          fixedFilters={demandId ? { demandId } : undefined}
          rowActions={(r) => (
            <Button type="link" size="small" onClick={() => setOpen(r.id)}>
              详情
            </Button>
          )}
          actionsWidth={80}
        />
      )}
      <CandidateDrawer id={open} onClose={() => setOpen(null)} />
    </ScreenFrame>
  );
}
