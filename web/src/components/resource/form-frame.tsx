import { Button, Card, Modal, type ModalProps, Space } from 'antd';
import type { ReactNode } from 'react';

/**
 * The frame of a form that is a dialog on a list and, under its own route (a link from a message, the
 * process centre or a bookmark), a page: the same fields and the same save either way, so a form is written once.
 */
export function FormFrame({
  asPage,
  title,
  width,
  modalProps,
  children,
}: {
  asPage?: boolean;
  title: ReactNode;
  width?: number;
  modalProps: ModalProps;
  children: ReactNode;
}) {
  if (!asPage) {
    return (
      <Modal open title={title} width={width} {...modalProps}>
        {children}
      </Modal>
    );
  }
  const { onCancel, onOk, confirmLoading, okText, cancelText } = modalProps;
  return (
    <Card title={title} size="small" style={{ maxWidth: Math.max(width ?? 520, 720) }}>
      {children}
      <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button onClick={(e) => onCancel?.(e as never)}>{cancelText}</Button>
        <Button type="primary" loading={Boolean(confirmLoading)} onClick={(e) => onOk?.(e as never)}>
          {okText}
        </Button>
      </Space>
    </Card>
  );
}
