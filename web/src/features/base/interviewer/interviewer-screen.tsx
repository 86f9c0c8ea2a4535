import type { RequestOf } from '@erp/contract/define';
import { BASE_PERM, baseCalls, type InterviewerRecord, interviewerMeta } from '@erp/contract/modules/base';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { api } from '../../../app/api/client';
import { Auth } from '../../../app/auth/auth';
import { ResourceForm, ResourceTable } from '../../../components/resource';
import { ScreenFrame } from '../screen-frame';

const KEY = ['base', 'interviewer'] as const;

/** Interviewers: who takes which interview round. */
export default function InterviewerScreen() {
  const client = useQueryClient();
  const [editing, setEditing] = useState<{ open: boolean; record: InterviewerRecord | null }>({ open: false, record: null });
  const refresh = () => client.invalidateQueries({ queryKey: KEY });
  return (
    <ScreenFrame>
      <ResourceTable<InterviewerRecord>
        meta={interviewerMeta}
        pageCall={baseCalls.getInterviewerPageList}
        exportCall={baseCalls.interviewerExport}
        queryKey={KEY}
        toolbar={
          <Auth code={BASE_PERM.interviewerEdit}>
            <Button type="primary" onClick={() => setEditing({ open: true, record: null })}>
              新增面试官
            </Button>
          </Auth>
        }
        rowActions={(r) => (
          <Auth code={BASE_PERM.interviewerEdit}>
            <Button type="link" size="small" onClick={() => setEditing({ open: true, record: r })}>
              编辑
            </Button>
          </Auth>
        )}
        actionsWidth={90}
      />
      <ResourceForm<InterviewerRecord>
        meta={interviewerMeta}
        open={editing.open}
        title={editing.record ? `编辑面试官 · ${editing.record.userName}` : '新增面试官'}
        record={editing.record}
        defaults={{ enabled: true }}
        omit={editing.record ? ['userId'] : []}
        onClose={() => setEditing({ open: false, record: null })}
        onSubmit={async (v) => {
          if (editing.record) await api(baseCalls.updateInterviewer, { ...v, id: editing.record.id } as RequestOf<typeof baseCalls.updateInterviewer>);
          else await api(baseCalls.addInterviewer, v as RequestOf<typeof baseCalls.addInterviewer>);
          await refresh();
        }}
      />
    </ScreenFrame>
  );
}
