import { POSITION_PERM, type PostClanRecord, positionCalls, postClanMeta } from '@erp/contract/modules/position';
import { Form, Space } from 'antd';
import { useState } from 'react';
import { LadderScreen } from './ladder-screen';
import { PostLargeSelect } from './pickers';

/** Post clans (岗位族), each under a post category. */
export default function PostClanScreen() {
  const [postLargeId, setPostLargeId] = useState<number | null>(null);
  return (
    <LadderScreen<PostClanRecord>
      meta={postClanMeta}
      noun="岗位族"
      calls={{ page: positionCalls.postClanPage, add: positionCalls.postClanAdd, update: positionCalls.postClanUpdate, export: positionCalls.postClanExport }}
      perms={{ edit: POSITION_PERM.postClanEdit, export: POSITION_PERM.postClanExport }}
      fixedFilters={postLargeId ? { postLargeId } : undefined}
      header={
        <Space style={{ marginBottom: 12 }}>
          <span>岗位大类</span>
          <PostLargeSelect value={postLargeId} onChange={setPostLargeId} aria-label="岗位大类" placeholder="全部" style={{ width: 200 }} />
        </Space>
      }
      omit={['postLargeId']}
      formExtra={
        <Form.Item name="postLargeId" label="岗位大类" rules={[{ required: true, message: '请选择岗位大类' }]}>
          <PostLargeSelect />
        </Form.Item>
      }
    />
  );
}
