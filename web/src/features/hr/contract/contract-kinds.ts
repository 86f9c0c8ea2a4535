import {
  CONTRACT_ARCHIVE_PROCESS_KEY,
  CONTRACT_SEAL_PROCESS_KEY,
  contractArchiveDocumentCalls,
  contractArchiveMeta,
  contractSealDocumentCalls,
  contractSealMeta,
} from '@erp/contract/modules/hr-documents';
import type { ResourceMeta } from '@erp/contract/resource';

/** The two requests of 合同管理 and the routes of their screens. */
export const CONTRACT_REQUESTS = {
  seal: {
    processKey: CONTRACT_SEAL_PROCESS_KEY,
    title: '用印申请',
    applyText: '申请用印',
    meta: contractSealMeta as unknown as ResourceMeta<{ id: number }>,
    calls: contractSealDocumentCalls,
    applyPath: '/ContractSealList/applyContractSealList',
    detailPath: '/ContractSealList/ContractSealListDetails',
  },
  archive: {
    processKey: CONTRACT_ARCHIVE_PROCESS_KEY,
    title: '归档申请',
    applyText: '申请归档',
    meta: contractArchiveMeta as unknown as ResourceMeta<{ id: number }>,
    calls: contractArchiveDocumentCalls,
    applyPath: '/ContractSealList/applyContractArchives',
    detailPath: '/ContractSealList/ContractArchivesDetails',
  },
} as const;
export type ContractRequestKind = keyof typeof CONTRACT_REQUESTS;
