import { type AlignmentRecord, alignmentMeta, POSITION_PERM, positionCalls } from '@erp/contract/modules/position';
import { Form } from 'antd';
import { LadderScreen } from './ladder-screen';
import { GradeSelect } from './pickers';

/** Job sequences (职位序列) and the grade band each allows. */
export default function AlignmentScreen() {
  return (
    <LadderScreen<AlignmentRecord>
      meta={alignmentMeta}
      noun="岗位序列"
      calls={{
        page: positionCalls.alignmentPage,
        add: positionCalls.alignmentAdd,
        update: positionCalls.alignmentUpdate,
        export: positionCalls.alignmentExport,
      }}
      perms={{ edit: POSITION_PERM.alignmentEdit, export: POSITION_PERM.alignmentExport }}
      omit={['minGradeId', 'maxGradeId']}
      formExtra={
        <>
          <Form.Item name="minGradeId" label="最低职级">
            <GradeSelect />
          </Form.Item>
          <Form.Item name="maxGradeId" label="最高职级">
            <GradeSelect />
          </Form.Item>
        </>
      }
    />
  );
}
