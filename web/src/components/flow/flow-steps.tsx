import { CheckOutlined, ClockCircleOutlined, CloseOutlined, RollbackOutlined, SendOutlined, UserOutlined } from '@ant-design/icons';
import type { ApprovalStep } from '@erp/contract/modules/bpm';
import { Popover, Tag, Tooltip } from 'antd';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type FlowNode, LONG_LAYOUT_ABOVE, lineStyle, nextPendingIndex, overallState, shortDate, splitPeople, toNodes } from './flow-model';
import styles from './flow-steps.module.css';
import './flow-texts';

export interface FlowStepsProps {
  steps: ApprovalStep[];
  /** before submission (preview of the route) or after (what happened). */
  variant?: 'preview' | 'submitted';
  loading?: boolean;
}

const FLAG_ICONS: Record<number, ReactNode> = { 0: <ClockCircleOutlined />, 1: <CheckOutlined />, 2: <CloseOutlined />, 3: <RollbackOutlined /> };
const FLAG_TEXT: Record<number, string> = { 0: 'flow.pending', 1: 'flow.passed', 2: 'flow.rejected', 3: 'flow.returned' };

function People({ people }: { people: string[] }) {
  const { shown, hidden } = splitPeople(people);
  return (
    <div className={styles.people}>
      {shown.join('、') || '—'}
      {hidden.length > 0 && (
        <Popover
          content={
            <div data-testid="flow-hidden-people">
              {hidden.map((p) => (
                <div key={p}>{p}</div>
              ))}
            </div>
          }
          trigger="hover"
        >
          <span className={styles.more}>+{hidden.length}</span>
        </Popover>
      )}
    </div>
  );
}

function Node({ node, preview }: { node: FlowNode; preview: boolean }) {
  const { t } = useTranslation();
  const iconClass = node.kind === 'cc' ? styles.cc : styles[`flag${node.flag}`];
  const icon = node.kind === 'cc' ? <SendOutlined /> : node.kind === 'initiator' && node.flag !== 3 ? <UserOutlined /> : FLAG_ICONS[node.flag];
  const key =
    node.kind === 'cc'
      ? node.flag === 1
        ? 'flow.ccRead'
        : 'flow.ccUnread'
      : node.kind === 'initiator'
        ? preview
          ? 'flow.initiator'
          : node.flag === 3
            ? 'flow.revoked'
            : 'flow.submitted'
        : (FLAG_TEXT[node.flag] ?? 'flow.pending');
  const status = t(key);
  return (
    <div className={`${styles.node} ${node.predicted ? styles.predicted : ''}`} data-testid="flow-node" data-flag={node.flag} data-kind={node.kind}>
      <Tooltip title={status}>
        <div className={`${styles.icon} ${iconClass}`}>{icon}</div>
      </Tooltip>
      <div className={styles.title} title={node.title}>
        {node.title}
      </div>
      <People people={node.people} />
      {!preview && node.time && !node.predicted && <div className={styles.time}>{shortDate(node.time)}</div>}
      {node.message && (
        <Tooltip title={node.message}>
          <div className={styles.message}>{node.message}</div>
        </Tooltip>
      )}
      {node.isTransfer && (
        <Tooltip
          title={node.transfers.map((t) => (
            <div key={`${t.createTime}${t.transferUserName}`}>
              {t.userName} → {t.transferUserName}（{shortDate(t.createTime)}）{t.remark}
            </div>
          ))}
        >
          <div className={styles.transfer} data-testid="flow-transfer">
            {t('flow.transferred')}
          </div>
        </Tooltip>
      )}
    </div>
  );
}

/**
 * The approval-flow progress widget (spec 000 §2, §4): horizontal steps scrolled sideways with the
 * mouse wheel; consecutive copies merged into one cc node at the end; dotted arrow into the next
 * pending step, solid green after passed or sent-back steps; long layout above 7 steps.
 */
export function FlowSteps({ steps, variant = 'submitted', loading }: FlowStepsProps) {
  const { t } = useTranslation();
  const nodes = useMemo(() => toNodes(steps), [steps]);
  const next = nextPendingIndex(nodes);
  const state = overallState(steps);
  const scroller = useRef<HTMLDivElement>(null);

  // A vertical wheel moves the list sideways (a native listener: React's wheel handler is passive).
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      if (el.scrollWidth <= el.clientWidth || Math.abs(e.deltaY) < Math.abs(e.deltaX)) return;
      e.preventDefault();
      el.scrollLeft += e.deltaY;
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  if (!loading && !nodes.length) return <div className={styles.empty}>{t('flow.empty')}</div>;
  const preview = variant === 'preview';
  return (
    <div className={`${styles.wrap} ${nodes.length > LONG_LAYOUT_ABOVE ? styles.long : ''}`} data-testid="flow-steps" data-state={preview ? 'preview' : state}>
      {!preview && state !== 'running' && (
        <div className={styles.state}>
          <Tag color={state === 'rejected' ? 'error' : 'success'}>{t(state === 'rejected' ? 'flow.rejected' : 'flow.passed')}</Tag>
        </div>
      )}
      <div className={styles.scroller} ref={scroller}>
        {nodes.map((node, i) => (
          <div key={node.key} style={{ display: 'contents' }}>
            <Node node={node} preview={preview} />
            {i < nodes.length - 1 && (
              <div className={`${styles.line} ${styles[lineStyle(nodes, i, next)]}`} data-testid="flow-line" data-style={lineStyle(nodes, i, next)} />
            )}
          </div>
        ))}
      </div>
    </div>
  );
}
