import type { CandidateRecord } from '@erp/contract/modules/recruit';
import { CANDIDATE_STAGES, STAGE_NAMES } from '@erp/contract/modules/recruit';
import { Badge, Card, Empty, Input, Modal, Typography } from 'antd';
import { useState } from 'react';

const COLUMNS = [...CANDIDATE_STAGES, 'out'] as const;

export interface BoardProps {
  candidates: CandidateRecord[];
  /** Moves a candidate; resolves when the server accepted it (a refusal rejects and the card stays). */
  onMove(c: CandidateRecord, toStage: string, reason?: string): Promise<void>;
  onOpen(c: CandidateRecord): void;
  canMove: boolean;
}

/**
 * The pipeline as columns per stage; a card is dragged to the next stage (or to 淘汰 with a reason).
 * The server decides what may follow: a refused move shows its message and the card stays.
 */
export function CandidateBoard({ candidates, onMove, onOpen, canMove }: BoardProps) {
  const [dragging, setDragging] = useState<CandidateRecord | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const [reasonFor, setReasonFor] = useState<CandidateRecord | null>(null);
  const [reason, setReason] = useState('');
  const byStage = (stage: string) => candidates.filter((c) => (stage === 'out' ? c.stage === '090' || c.stage === '095' : c.stage === stage));

  const drop = async (stage: string, draggedId: number) => {
    setOver(null);
    // The id travels with the drag itself; the state is only the fallback of browsers that hide it on drop.
    const c = candidates.find((x) => x.id === draggedId) ?? dragging;
    setDragging(null);
    if (!c || c.stage === stage) return;
    if (stage === 'out') {
      setReason('');
      setReasonFor(c);
      return;
    }
    await onMove(c, stage).catch(() => undefined);
  };

  return (
    <>
      {/* Scrolls sideways when the stages do not fit: focusable, so the keyboard can scroll it too (WCAG 2.1.1, axe scrollable-region-focusable). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region takes focus to be scrolled by keyboard */}
      <section data-testid="pipeline-board" aria-label="候选人看板" tabIndex={0} style={{ display: 'flex', gap: 8, overflowX: 'auto', paddingBottom: 8 }}>
        {COLUMNS.map((stage) => {
          const list = byStage(stage);
          return (
            <section
              key={stage}
              data-stage={stage}
              data-testid={`stage-${stage}`}
              aria-label={stage === 'out' ? '淘汰/放弃' : STAGE_NAMES[stage]}
              onDragOver={(e) => {
                if (!canMove) return;
                e.preventDefault();
                setOver(stage);
              }}
              onDragLeave={() => setOver((o) => (o === stage ? null : o))}
              onDrop={(e) => {
                e.preventDefault();
                void drop(stage, Number(e.dataTransfer.getData('text/plain')));
              }}
              style={{
                flex: '0 0 190px',
                background: over === stage ? '#e6f4ff' : '#f5f5f5',
                borderRadius: 8,
                padding: 8,
                minHeight: 320,
                transition: 'background .15s',
              }}
            >
              <Typography.Text strong>
                {stage === 'out' ? '淘汰/放弃' : STAGE_NAMES[stage]} <Badge count={list.length} showZero color="#666" />
              </Typography.Text>
              <div style={{ display: 'flex', flexDirection: 'column', gap: 6, marginTop: 8 }}>
                {list.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="" style={{ margin: 8 }} />}
                {list.slice(0, 60).map((c) => (
                  <Card
                    key={c.id}
                    size="small"
                    hoverable
                    data-testid={`candidate-${c.id}`}
                    draggable={canMove && !['080', '090', '095'].includes(c.stage)}
                    onDragStart={(e) => {
                      e.dataTransfer.setData('text/plain', String(c.id));
                      setDragging(c);
                    }}
                    onDragEnd={() => setOver(null)}
                    onClick={() => onOpen(c)}
                    // Reachable and openable from the keyboard too (dragging is the pointer's shortcut).
                    tabIndex={0}
                    role="button"
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' || e.key === ' ') {
                        e.preventDefault();
                        onOpen(c);
                      }
                    }}
                    styles={{ body: { padding: 8 } }}
                  >
                    <div className="candidate-name" style={{ fontWeight: 500 }}>
                      {c.name}
                    </div>
                    <div style={{ fontSize: 12, color: '#666' }}>{c.postName ?? c.demandName}</div>
                    {c.stage === '095' || c.stage === '090' ? <div style={{ fontSize: 12, color: '#cf1322' }}>{STAGE_NAMES[c.stage]}</div> : null}
                  </Card>
                ))}
                {list.length > 60 && <Typography.Text type="secondary">还有 {list.length - 60} 人，请在列表中查看</Typography.Text>}
              </div>
            </section>
          );
        })}
      </section>
      <Modal
        open={!!reasonFor}
        title={`淘汰候选人 · ${reasonFor?.name ?? ''}`}
        okText="确认淘汰"
        okButtonProps={{ disabled: !reason.trim() }}
        onCancel={() => setReasonFor(null)}
        onOk={async () => {
          if (!reasonFor) return;
          await onMove(reasonFor, '090', reason.trim()).catch(() => undefined);
          setReasonFor(null);
        }}
      >
        <Input.TextArea value={reason} maxLength={255} onChange={(e) => setReason(e.target.value)} placeholder="请填写淘汰原因" rows={3} />
      </Modal>
    </>
  );
}
