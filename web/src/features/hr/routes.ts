import { defineScreens } from '../../app/registry/types';
import type { ListSectionName } from './employee/section-calls';

const personal = (name: ListSectionName, title: string) => ({
  load: () => import('./personal/personal-edit').then((m) => ({ default: m.editPage(name) })),
  title,
});

export const screens = defineScreens({
  '/staffManagement/index': { load: () => import('./roster/roster-screen'), title: '员工管理' },
  '/staffDetail/index': { load: () => import('./roster/staff-detail-screen'), title: '员工详情' },
  '/PersonalCenter/FirstPage': { load: () => import('./personal/personal-first-page'), title: '个人中心', dates: false },
  '/PersonalCenter/EditBaseInfo': { load: () => import('./personal/personal-edit').then((m) => ({ default: m.EditBaseInfo })), title: '基本信息' },
  '/PersonalCenter/EditWorkExprience': personal('workerHistory', '工作经历'),
  '/PersonalCenter/EditEducational': personal('education', '教育经历'),
  '/PersonalCenter/EditFamilyMember': personal('link', '家庭成员'),
  '/PersonalCenter/EditRelation': personal('around', '社会关系'),
  '/PersonalCenter/EditReward': personal('award', '奖励信息'),
  '/PersonalCenter/EditLanguagePower': personal('language', '语言能力'),
  '/PersonalCenter/EditCertificate': personal('certificate', '资格证书'),
  '/PersonalCenter/EditVehicleInfo': personal('vehicle', '车辆信息'),
  '/PersonalCenter/EditBankInfo': personal('bank', '银行卡信息'),
  '/WorkBench/lizhi': { load: () => import('./lifecycle/resignation-screen'), title: '离职申请' },
  '/staffChange/index': { load: () => import('./lifecycle/staff-change-screen'), title: '人事异动' },
  '/ContractSealList/index': { load: () => import('./contract/contract-screen'), title: '合同管理' },
  '/ContractSealList/applyContractSealList': {
    load: () => import('./contract/contract-apply-screen').then((m) => ({ default: m.ContractSealApplyScreen })),
    title: '用印申请',
  },
  '/ContractSealList/applyContractArchives': {
    load: () => import('./contract/contract-apply-screen').then((m) => ({ default: m.ContractArchiveApplyScreen })),
    title: '合同归档申请',
  },
  '/ContractSealList/ContractSealListDetails': {
    load: () => import('./contract/contract-detail-screen').then((m) => ({ default: m.ContractSealDetailScreen })),
    title: '用印详情',
  },
  '/ContractSealList/ContractArchivesDetails': {
    load: () => import('./contract/contract-detail-screen').then((m) => ({ default: m.ContractArchiveDetailScreen })),
    title: '合同归档详情',
  },
  '/onDutyInfo': { load: () => import('./lifecycle/on-duty-info-screen'), title: '入职信息填写', dates: false },
});
