/**
 * Words people ask with and the words the help articles use (issue 37): each group is one meaning.
 * A query holding any member also looks for the others (weighted a little lower than the word
 * itself), so 忘记密码 finds 重置密码 and 辞职 finds 离职. Colloquial forms and the English words
 * employees mix in (OA, HR, offer) belong here; a word's own spelling mistakes do not (the index
 * corrects those: help-index.ts).
 */
export const HELP_SYNONYMS: readonly (readonly string[])[] = [
  ['忘记密码', '忘了密码', '密码忘了', '找回密码', '重置密码', '密码错误', '登不上', '登录不了', '进不去'],
  ['改密码', '修改密码', '换密码', '更改密码'],
  ['密码规则', '密码要求', '密码强度', '新密码要求'],
  ['子项目', '下级项目', '建子项目'],
  ['部门负责人', '部门领导', '部门主管', '部门经理'],
  ['背调', '背景调查', 'bd'],
  ['登录', '登陆', '登入', 'login', '单点登录', 'sso'],
  ['退出', '登出', '注销', 'logout'],
  ['辞职', '离职', '辞工', '不干了', '走人', '离职申请', '提离职'],
  ['交接', '工作交接', '离职交接', 'handover'],
  ['工资', '薪资', '薪水', '工资条', '薪酬', '工资单', '发工资', '薪资条'],
  ['个税', '个人所得税', '扣税'],
  ['社保', '五险一金', '公积金', '社会保险'],
  ['转正', '试用期', '转正申请', '转正考核'],
  ['调动', '调岗', '换部门', '转岗', '调动申请'],
  ['调薪', '涨薪', '加薪', '薪资调整', '定薪'],
  ['请假', '休假', '假期', '年假', '病假', '事假', '调休', 'leave'],
  ['报销', '费用报销', '报销单', '报账', '报费用'],
  ['发票', '票夹', '个人票夹', '开票', '票据'],
  ['借款', '借钱', '借的钱', '预支', '备用金', '借支', '还款'],
  ['用印', '盖章', '用章', '印章', '公章'],
  ['证明', '开证明', '在职证明', '收入证明', '开具证明'],
  ['名片', '印名片', '名片申请'],
  ['工单', '报修', '提工单', 'it支持'],
  ['建议', '意见', '反馈', '意见反馈', '吐槽', '投诉'],
  ['工时', '工时填报', '填工时', '报工时', '工时表', 'timesheet'],
  ['审批', '审核', '批准', '签批', 'oa'],
  ['待办', '待审批', '待处理', '我的待办', 'todo'],
  ['转办', '转交', '转给别人'],
  ['委派', '委托', '代理', '代批', '代审'],
  ['加签', '加人审批', '前加签', '后加签'],
  ['退回', '打回', '退回修改'],
  ['驳回', '拒绝', '不同意', '否决'],
  ['撤回', '撤销', '收回', '取消申请'],
  ['催办', '催一下', '催审批', '提醒审批'],
  ['抄送', 'cc', '知会'],
  ['消息', '通知', '公告', '提醒', '铃铛'],
  ['人力资源', 'hr', '人事'],
  ['录用', 'offer', '录取', '发offer'],
  ['面试', '面试安排', '约面', 'interview'],
  ['简历', '履历', 'cv', '简历上传'],
  ['人才库', '候选人', '应聘者', '人才'],
  ['内推', '推荐', '线索', '线索提交', '推荐候选人'],
  ['入职', '报到', '新员工', '办入职'],
  ['花名册', '员工管理', '员工列表', '员工档案', '员工信息'],
  ['合同', '劳动合同', '续签', '续约', '合同续签'],
  ['资产', '设备', '电脑', '笔记本', '办公用品'],
  ['领用', '领取', '申领', '借用'],
  ['采购', '购买', '买东西', '采购申请', '采购需求'],
  ['归还', '还回', '退还'],
  ['盘点', '资产盘点', '清点'],
  ['项目', '项目管理', '项目列表'],
  ['预算', '预算统计', '部门预算', '超预算'],
  ['结算', '结算单', '结算开票', '账单'],
  ['回款', '收款', '到账'],
  ['作废', '发票作废', '红冲', '红字发票'],
  ['会计期间', '结账', '关账', '月结', '期间关闭'],
  ['个人信息', '个人资料', '个人中心', '我的信息'],
  ['银行卡', '工资卡', '银行账户', '卡号'],
  ['手机号', '电话', '手机', '联系方式'],
  ['组织架构', '组织', '架构图', '组织图'],
  ['权限', '没有权限', '无权限', '暂无权限', '角色'],
  ['语言', '英文', 'english', '中文', '切换语言'],
  ['快捷键', '键盘', '热键', 'shortcut'],
  ['页签', '标签页', 'tab', 'tabs'],
  ['小德', '助手', '机器人', 'ai', '智能助手'],
  ['操作记录', '修改记录', '历史记录', '变更记录'],
  ['操作日志', '审计日志', 'audit', 'log', '日志'],
  ['单据', '单子', '申请单'],
  ['本人审批', '自己审批', '自己批', '审批自己', '自己的申请'],
  ['备份', '数据备份', '恢复'],
  ['流程设计', '流程图', 'bpmn', '流程模型'],
  ['导出', 'excel', '下载表格', 'xlsx'],
];

const byMember = new Map<string, readonly string[]>();
for (const group of HELP_SYNONYMS) for (const w of group) byMember.set(w.toLowerCase(), group);

/** The group a word belongs to (the word itself included), or none. */
export function synonymsOf(word: string): readonly string[] | undefined {
  return byMember.get(word.toLowerCase());
}

/** Members found in a text, longest first (so 忘记密码 is taken before 密码), each once. */
export function synonymPhrasesIn(text: string): string[] {
  const lower = text.toLowerCase();
  const found: string[] = [];
  for (const w of [...byMember.keys()].sort((a, b) => b.length - a.length)) {
    if (!lower.includes(w)) continue;
    // A short member inside a longer one already found is the same phrase.
    if (found.some((f) => f.includes(w))) continue;
    // ASCII members only as whole words (tab in "table", ai in "email" are not).
    if (/^[a-z]+$/.test(w) && !new RegExp(`(^|[^a-z])${w}([^a-z]|$)`).test(lower)) continue;
    found.push(w);
  }
  return found;
}
