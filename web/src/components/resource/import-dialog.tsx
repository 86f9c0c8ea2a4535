import { InboxOutlined } from '@ant-design/icons';
import type { CallDefinition, RequestOf } from '@erp/contract/define';
import { baseCalls } from '@erp/contract/modules/base';
import type { ImportResult } from '@erp/contract/resource';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Space, Table, Upload } from 'antd';
import { useState } from 'react';
import { api, download } from '../../app/api/client';

export interface ImportDialogProps {
  open: boolean;
  onClose(): void;
  onImported(): void;
  /** The dialog's title; default "导入" + noun. */
  title?: string;
  /** What one row is ("用户", "员工"), for the result message. */
  noun: string;
  /** The multipart import call (file + confirm) and the template call. */
  importCall: CallDefinition;
  templateCall: CallDefinition;
  templateName: string;
  hint?: string;
  /** The server writes only a file without errors (all rows or none). */
  allOrNothing?: boolean;
  /** Other form fields the import call takes (e.g. the record the file belongs to). */
  fields?: Record<string, string>;
  /** What the template call is asked with (e.g. the project whose months it lists). */
  templateInput?: Record<string, unknown>;
  /** The answer of the confirmed import, for calls that answer more than the counts. */
  onResult?(result: ImportResult): void;
}

/**
 * xlsx import in two steps: check (nothing written, errors per row and a downloadable report),
 * then confirm to write the valid rows in one transaction.
 */
export function ImportDialog(props: ImportDialogProps) {
  const { message, modal } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const reset = () => {
    setFile(null);
    setResult(null);
  };
  // Failures (wrong template, not xlsx, too large) are shown by the API client.
  const importing = useMutation({
    mutationFn: (vars: { file: File; confirm: boolean }) =>
      api(props.importCall, { ...props.fields, file: vars.file, confirm: vars.confirm ? 'true' : 'false' } as never) as Promise<ImportResult>,
    onSuccess: (answer, vars) => {
      setResult(answer);
      if (!vars.confirm) return;
      message.success(`已导入 ${answer.written} 个${props.noun}`);
      props.onResult?.(answer);
      props.onImported();
      reset();
      props.onClose();
    },
  });
  const busy = importing.isPending;
  const run = (confirm: boolean) => {
    if (!file || busy) return;
    importing.mutate({ file, confirm });
  };
  const close = () => {
    if (result && !result.confirmed && result.valid > 0) {
      modal.confirm({
        title: '是否确认取消？',
        onOk: () => {
          reset();
          props.onClose();
        },
      });
      return;
    }
    reset();
    props.onClose();
  };
  return (
    <Modal open={props.open} title={props.title ?? `导入${props.noun}`} onCancel={close} footer={null} width={720} destroyOnHidden>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Space>
          <Button onClick={() => download(props.templateCall, (props.templateInput ?? {}) as RequestOf<CallDefinition>, props.templateName)}>
            下载导入模板
          </Button>
          {props.hint && <span style={{ color: '#888' }}>{props.hint}</span>}
        </Space>
        <Upload.Dragger
          accept=".xlsx"
          maxCount={1}
          beforeUpload={(f) => {
            setFile(f);
            setResult(null);
            return false;
          }}
          onRemove={reset}
          fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>点击或拖拽 xlsx 文件到此处</p>
        </Upload.Dragger>
        <Button type="primary" disabled={!file} loading={busy && !result} onClick={() => run(false)}>
          校验数据
        </Button>
        {result && (
          <>
            <Alert
              type={result.errors.length ? 'warning' : 'success'}
              title={`共 ${result.total} 行，有效 ${result.valid} 行，错误 ${result.total - result.valid} 行${props.allOrNothing && result.errors.length ? '；请修正全部错误后再导入' : ''}`}
              action={
                result.reportId ? (
                  <Button size="small" onClick={() => download(baseCalls.importReport, { id: result.reportId ?? '' }, '导入错误报告.xlsx')}>
                    下载错误报告
                  </Button>
                ) : undefined
              }
            />
            {result.errors.length > 0 && (
              <Table
                size="small"
                rowKey={(e) => `${e.row}-${e.field}-${e.message}`}
                dataSource={result.errors}
                pagination={{ pageSize: 8 }}
                columns={[
                  { title: '行号', dataIndex: 'row', width: 70 },
                  { title: '字段', dataIndex: 'field', width: 120 },
                  { title: '错误信息', dataIndex: 'message' },
                ]}
              />
            )}
            <Space>
              <Button type="primary" disabled={result.valid === 0 || (props.allOrNothing && result.errors.length > 0)} loading={busy} onClick={() => run(true)}>
                确认导入有效的 {result.valid} 行
              </Button>
              <Button onClick={close}>取消</Button>
            </Space>
          </>
        )}
      </Space>
    </Modal>
  );
}
