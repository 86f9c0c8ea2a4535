import {
  CONTRACT_ARCHIVE_PROCESS_KEY,
  CONTRACT_SEAL_PROCESS_KEY,
  contractArchiveDocumentCalls,
  contractSealDocumentCalls,
} from '@erp/contract/modules/hr-documents';

/** The two requests of 合同管理 and the routes of their screens. */
export const CONTRACT_REQUESTS = {
  seal: {
    processKey: CONTRACT_SEAL_PROCESS_KEY,
    title: '用印申请',
    calls: contractSealDocumentCalls,
    applyPath: '/ContractSealList/applyContractSealList',
    detailPath: '/ContractSealList/ContractSealListDetails',
  },
  archive: {
    processKey: CONTRACT_ARCHIVE_PROCESS_KEY,
    title: '归档申请',
    calls: contractArchiveDocumentCalls,
    applyPath: '/ContractSealList/applyContractArchives',
    detailPath: '/ContractSealList/ContractArchivesDetails',
  },
} as const;
export type ContractRequestKind = keyof typeof CONTRACT_REQUESTS;
