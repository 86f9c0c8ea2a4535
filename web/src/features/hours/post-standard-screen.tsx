import { postStandardCalls as P, POST_PERM, type PostStandardRecord, postStandardMeta } from '@erp/contract/modules/hours-pay';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useHasAuth } from '../../app/auth/auth';
import { ImportDialog, ResourceTable } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';

/** 岗位标准: monthly salary, allowance and client bill rate per post, region category and rank level. */
export default function PostStandardScreen() {
  const can = useHasAuth();
  const client = useQueryClient();
  const [importing, setImporting] = useState(false);
  return (
    <ScreenFrame>
      <ResourceTable<PostStandardRecord>
        meta={postStandardMeta}
        pageCall={P.selectPage}
        queryKey={['hours', 'postStandard']}
        toolbar={can(POST_PERM.edit) && <Button onClick={() => setImporting(true)}>导入岗位标准</Button>}
      />
      <ImportDialog
        open={importing}
        noun="岗位标准"
        allOrNothing
        importCall={P.upload}
        templateCall={P.template}
        templateName="岗位标准导入模板.xlsx"
        hint="岗位、地区类别和职级相同的一行覆盖原标准"
        onClose={() => setImporting(false)}
        onImported={() => void client.invalidateQueries({ queryKey: ['hours', 'postStandard'] })}
      />
    </ScreenFrame>
  );
}
