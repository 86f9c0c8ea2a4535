import { CloudDownloadOutlined } from '@ant-design/icons';
import { systemCalls } from '@erp/contract/modules/system';
import { PERM } from '@erp/contract/permissions';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Space, Typography } from 'antd';
import { useState } from 'react';
import { api, download } from '../../../app/api/client';
import { toastSuccess } from '../../../app/api/notify';
import { useHasAuth } from '../../../app/auth/permissions';
import { ScreenFrame } from '../screen-frame';

const DATABASE = { pglite: '内嵌数据库（DATA_DIR）', postgres: 'PostgreSQL（DATABASE_URL）' } as const;
const STORAGE = { local: '本地磁盘（DATA_DIR/files）', s3: 'S3 兼容对象存储（备份中为对象清单）' } as const;

/**
 * 数据备份: one archive of the whole database and the stored files, made while the system runs.
 * Restoring is an operator's command on the server (docs/operations.md, "Backup and restore").
 */
export default function BackupScreen() {
  const hasAuth = useHasAuth();
  const [busy, setBusy] = useState(false);
  const info = useQuery({ queryKey: ['system', 'backupInfo'], queryFn: () => api(systemCalls.backupInfo, {}) });
  const save = async () => {
    setBusy(true);
    try {
      await download(systemCalls.backupDownload, {});
      toastSuccess('备份已下载，请妥善保管（其中包含全部人事、薪资和账单数据）');
    } catch {
      // The API client showed the server's message.
    } finally {
      setBusy(false);
    }
  };
  const data = info.data;
  return (
    <ScreenFrame>
      <Space direction="vertical" size="large" style={{ width: '100%', maxWidth: 760 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          数据备份
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          下载一个包含全部数据库数据和已上传文件的备份包（.tar.gz，内含每个文件的校验值）。系统无需停机，备份期间的写入会稍作等待。
        </Typography.Paragraph>
        {data && (
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="数据库">{DATABASE[data.database]}</Descriptions.Item>
            <Descriptions.Item label="文件存储">{STORAGE[data.storage]}</Descriptions.Item>
            <Descriptions.Item label="文件数量">{data.files}</Descriptions.Item>
          </Descriptions>
        )}
        {data?.unavailable && <Alert type="warning" showIcon title="当前无法在此下载备份" description={data.unavailable} />}
        {hasAuth(PERM.backupDownload) && (
          <Button type="primary" icon={<CloudDownloadOutlined aria-hidden />} loading={busy} disabled={!data || !!data.unavailable} onClick={save}>
            下载备份
          </Button>
        )}
        <Alert
          type="info"
          showIcon
          title="如何恢复"
          description={
            <span>
              在服务器上停止服务后运行 <Typography.Text code>npm run restore -- 备份文件.tar.gz</Typography.Text>
              （目标已有数据时加 <Typography.Text code>--overwrite</Typography.Text>，原数据会保留在数据目录的 .before-restore-* 中）。
              备份包损坏、来自更新版本或目标非空时，恢复会拒绝执行，不会留下半恢复的数据。
            </span>
          }
        />
      </Space>
    </ScreenFrame>
  );
}
