// Every table of the product, collected for Drizzle and drizzle-kit. One line per module schema file.
export * from '../modules/auth/auth.schema';
export * from '../modules/base/base.schema';
export * from '../modules/file/file.schema';
export * from '../modules/finance/open-bank.schema';
export * from '../modules/finance/project/project.schema';
export * from '../modules/greeting/greeting.schema';
export * from '../modules/hr/employee-records.schema';
export * from '../modules/hr/hr.schema';
export * from '../modules/msg/msg.schema';
export * from '../modules/position/position.schema';
export * from '../modules/signature/signature.schema';
export * from '../platform/document/document.schema';
export * from '../platform/outbox/outbox.schema';
export * from '../platform/shared-secret.schema';
export * from '../workflow/workflow.schema';
