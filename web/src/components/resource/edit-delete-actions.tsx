import { App, Button, Popconfirm, Space } from 'antd';

/** The 修改 / 删除 pair of a list row: delete asks first, says 已删除, then lets the list refresh. */
export function EditDeleteActions({
  editText = '修改',
  onEdit,
  deleteTitle,
  remove,
  afterRemove,
}: {
  editText?: string;
  onEdit(): void;
  deleteTitle: string;
  remove(): Promise<unknown>;
  afterRemove?(): unknown;
}) {
  const { message } = App.useApp();
  return (
    <Space size={0}>
      <Button type="link" size="small" onClick={onEdit}>
        {editText}
      </Button>
      <Popconfirm
        title={deleteTitle}
        onConfirm={async () => {
          await remove();
          message.success('已删除');
          await afterRemove?.();
        }}
      >
        <Button type="link" size="small" danger>
          删除
        </Button>
      </Popconfirm>
    </Space>
  );
}
