import { baseCalls } from '@erp/contract/modules/base';
import { employeeCalls, HR_PERM, type RosterRecord, rosterMeta } from '@erp/contract/modules/employee';
import { LIFECYCLE_PERM } from '@erp/contract/modules/lifecycle';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api, download } from '../../../app/api/client';
import { Auth, useHasAuth } from '../../../app/auth/auth';
import { ImportDialog, ResourceTable } from '../../../components/resource';
import { OrgSideTree } from '../../base/org-side-tree';
import { ScreenFrame } from '../../base/screen-frame';
import { HourWhitelistDialog } from './hour-whitelist-dialog';
import { RemindRecordsDialog } from './remind-records-dialog';

const KEY = ['hr', 'roster'] as const;

/**
 * 员工管理: the roster. The organisation tree on the left narrows the list to a unit and everything
 * below it; a keyword finds people by name, code, account, phone or ID number; category, state,
 * client and entry dates filter; columns can be chosen; the filtered rows export to xlsx (masked as
 * shown); HR imports new employees from xlsx with a per-row error report.
 */
export default function RosterScreen() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const can = useHasAuth();
  const [orgId, setOrgId] = useState<number | null>(null);
  const [keyword, setKeyword] = useState('');
  const [clientCompanyId, setClientCompanyId] = useState<number | undefined>();
  const [importing, setImporting] = useState(false);
  const [chosen, setChosen] = useState<RosterRecord[]>([]);
  const [whitelisting, setWhitelisting] = useState<RosterRecord[]>([]);
  const [reminding, setReminding] = useState<RosterRecord[] | null>(null);
  const clients = useQuery({ queryKey: ['base', 'clients'], queryFn: () => api(baseCalls.getClientCompany, {}), staleTime: 300_000 });
  const open = (r: RosterRecord) => navigate(`/staffDetail/index?id=${r.id}`);
  return (
    <ScreenFrame>
      <div style={{ display: 'flex', gap: 16 }}>
        <OrgSideTree value={orgId} onChange={setOrgId} />
        <div style={{ flex: 1, minWidth: 0 }}>
          <ResourceTable<RosterRecord>
            meta={rosterMeta}
            pageCall={employeeCalls.rosterPage}
            exportCall={can(HR_PERM.rosterExport) ? employeeCalls.rosterExport : undefined}
            exportName="员工花名册.xlsx"
            queryKey={KEY}
            fixedFilters={{ orgId: orgId ?? undefined, keyword: keyword || undefined, clientCompanyId }}
            toolbar={
              <Space wrap>
                <Input.Search
                  allowClear
                  placeholder="姓名 / 工号 / 账号 / 手机号 / 证件号码"
                  aria-label="关键字"
                  maxLength={64}
                  style={{ width: 280 }}
                  onSearch={(v) => setKeyword(v.trim())}
                />
                <Select
                  allowClear
                  placeholder="客户单位"
                  aria-label="客户单位"
                  style={{ width: 200 }}
                  value={clientCompanyId}
                  onChange={setClientCompanyId}
                  options={(clients.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
                />
                <Auth code={HR_PERM.rosterImport}>
                  <Button onClick={() => setImporting(true)}>导入员工</Button>
                </Auth>
                <Auth code={LIFECYCLE_PERM.manage}>
                  {can(HR_PERM.rosterExport) && (
                    <Button
                      disabled={chosen.length === 0}
                      onClick={() => void download(employeeCalls.rosterExport, { ids: chosen.map((r) => r.id) }, '员工花名册（所选）.xlsx')}
                    >
                      导出所选{chosen.length ? `（${chosen.length}）` : ''}
                    </Button>
                  )}
                  <Button
                    disabled={chosen.length === 0 || chosen.length > 50}
                    title={chosen.length > 50 ? '一次最多打印50人的登记表' : undefined}
                    onClick={() => void download(employeeCalls.rosterRecordCards, { ids: chosen.map((r) => r.id) }, '员工登记表.xlsx')}
                  >
                    打印登记表{chosen.length ? `（${chosen.length}）` : ''}
                  </Button>
                  {can(HR_PERM.rosterEdit) && (
                    <Button disabled={chosen.length === 0} onClick={() => setReminding(chosen)}>
                      提醒完善信息{chosen.length ? `（${chosen.length}）` : ''}
                    </Button>
                  )}
                  <Button disabled={chosen.length === 0} onClick={() => setWhitelisting(chosen)} data-testid="hour-whitelist">
                    考勤白名单{chosen.length ? `（${chosen.length}）` : ''}
                  </Button>
                </Auth>
              </Space>
            }
            selection={can(LIFECYCLE_PERM.manage) ? { rows: chosen, onChange: setChosen } : undefined}
            columns={{
              expiredCount: { render: (v: number) => (v ? <Tag color="red">{v} 项已过期</Tag> : null) },
              name: {
                render: (v: unknown, r: RosterRecord) => (
                  <Button type="link" size="small" style={{ padding: 0 }} onClick={() => open(r)}>
                    {String(v)}
                  </Button>
                ),
              },
            }}
            rowActions={(r) => (
              <Button type="link" size="small" onClick={() => open(r)}>
                详情
              </Button>
            )}
            actionsWidth={90}
          />
        </div>
      </div>
      {reminding && <RemindRecordsDialog employees={reminding} onClose={() => setReminding(null)} />}
      <HourWhitelistDialog
        people={whitelisting}
        onClose={() => setWhitelisting([])}
        onDone={() => {
          setWhitelisting([]);
          setChosen([]);
        }}
      />
      <ImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        onImported={() => client.invalidateQueries({ queryKey: KEY })}
        title="导入员工"
        noun="员工"
        importCall={employeeCalls.rosterImport}
        templateCall={employeeCalls.rosterImportTemplate}
        templateName="员工导入模板.xlsx"
        hint="每行创建一个账号和员工档案；账号需通过“忘记密码”或管理员重置密码后登录"
      />
    </ScreenFrame>
  );
}
