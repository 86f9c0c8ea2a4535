export { ColumnSettings, useHiddenColumns } from './column-settings';
export { DictTag } from './dict-tag';
export { renderValue } from './field-view';
export { type OrgTreeData, OrgTreeSelect, toTreeData, UserSelect, useOrgTree } from './pickers';
export { FieldInput, ResourceForm, type ResourceFormProps, requiredText, rulesOf } from './resource-form';
export { ResourceTable, type ResourceTableProps } from './resource-table';
export { TAG_COLOR, useDictLabels, useDictOptions } from './use-dict';
export { type FormDialogOptions, useFormDialog } from './use-form-dialog';
