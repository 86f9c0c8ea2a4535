import { ADVICE_PERM, CARD_PERM, CERT_PERM, WO_PERM } from '@erp/contract';
import type { MenuSpec } from '../../db/seed/types';

const everyone = ['hr', 'hrDirector', 'recruiter', 'finance', 'manager', 'employee'];

/** Workbench applications of the front office. */
export const frontMenus: MenuSpec[] = [
  {
    type: 'C',
    name: 'IssueCertificate',
    title: '开具证明',
    path: '/issueCertificate/index',
    component: '/issueCertificate/index',
    icon: 'SafetyCertificateOutlined',
    appType: 'front',
    roles: everyone,
    children: [{ type: 'F', name: CERT_PERM.list, title: '查看全部证明申请', perms: CERT_PERM.list, roles: ['hr', 'hrDirector'] }],
  },
  {
    type: 'C',
    name: 'ListenToAdvice',
    title: '意见反馈',
    path: '/listenToAdvice/recept',
    component: '/listenToAdvice/recept',
    icon: 'CommentOutlined',
    appType: 'front',
    roles: everyone,
    children: [{ type: 'F', name: ADVICE_PERM.handle, title: '处理意见反馈', perms: ADVICE_PERM.handle, roles: ['hr', 'hrDirector'] }],
  },
  {
    type: 'C',
    name: 'WorkOrderList',
    title: '工单列表',
    path: '/WorkOrderList/index',
    component: '/WorkOrderList/index',
    icon: 'ToolOutlined',
    appType: 'front',
    roles: everyone,
    children: [{ type: 'F', name: WO_PERM.dispatch, title: '分派工单', perms: WO_PERM.dispatch, roles: ['hr'] }],
  },
  {
    type: 'C',
    name: 'CardApplicate',
    title: '名片申请',
    path: '/cardApplicate/recept',
    component: '/cardApplicate/recept',
    icon: 'IdcardOutlined',
    appType: 'front',
    roles: everyone,
    children: [{ type: 'F', name: CARD_PERM.list, title: '查看全部名片申请', perms: CARD_PERM.list, roles: ['hr'] }],
  },
  {
    type: 'C',
    name: 'Publish',
    title: '信息发布',
    path: '/publish/index',
    component: '/publish/index',
    icon: 'NotificationOutlined',
    appType: 'front',
    // The publish permission (msg:notice:manage) is the MessageManage screen's button, granted to these roles.
    roles: ['hr', 'hrDirector'],
  },
];
