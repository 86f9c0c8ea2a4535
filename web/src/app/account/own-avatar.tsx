import { CameraOutlined, UserOutlined } from '@ant-design/icons';
import { fileCalls } from '@erp/contract/modules/file';
import { greetingCalls } from '@erp/contract/modules/greeting';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Button, Upload } from 'antd';
import { checkSelection } from '../../components/file-upload';
import { uploadFile } from '../../components/file-upload/upload-request';
import { api } from '../api/client';

const PHOTO_SUFFIXES = ['jpg', 'jpeg', 'png'] as const;
/** Links to a file are short-lived: refetch well before they expire. */
const LINK_FRESH_MS = 60_000;

/** The signed-in user's profile photo, or a placeholder (initials, else an icon), with a 更换头像 button. */
export function OwnAvatar({ initials, size = 64 }: { initials?: string; size?: number }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const profile = useQuery({ queryKey: ['greeting', 'profile'], queryFn: () => api(greetingCalls.getUserInfo, {}, { silent: true }) });
  const group = profile.data?.avatarFileId ?? null;
  const photo = useQuery({
    queryKey: ['greeting', 'profile', 'photo', group],
    enabled: !!group,
    staleTime: LINK_FRESH_MS,
    refetchInterval: LINK_FRESH_MS,
    queryFn: async () => {
      const [entry] = await api(fileCalls.fileInfoByFileId, { fileId: group ?? '' }, { silent: true });
      return entry ? api(fileCalls.previewFile, { id: entry.id }, { silent: true }) : null;
    },
  });
  const save = useMutation({
    mutationFn: async (file: File) => {
      const entry = await uploadFile(file, { moduleName: 'avatar', functionName: 'profile' }, () => undefined).promise;
      return api(greetingCalls.saveAvatar, { fileId: entry.fileId });
    },
    onSuccess: async () => {
      message.success('头像已更新');
      await queryClient.invalidateQueries({ queryKey: ['greeting', 'profile'] });
    },
  });
  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 8 }} data-testid="own-avatar">
      <Avatar size={size} src={photo.data?.url} icon={!photo.data && !initials ? <UserOutlined /> : undefined} alt={photo.data ? '头像' : ''}>
        {!photo.data && initials}
      </Avatar>
      <Upload
        accept={PHOTO_SUFFIXES.map((s) => `.${s}`).join(',')}
        showUploadList={false}
        beforeUpload={(file) => {
          const check = checkSelection([file], { existing: 0, maxCount: 1, accept: PHOTO_SUFFIXES });
          for (const w of check.warnings) message.warning(w);
          const [accepted] = check.accepted;
          if (accepted) save.mutate(accepted);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button size="small" icon={<CameraOutlined />} loading={save.isPending} data-testid="avatar-upload" title="支持 JPG、PNG">
          更换头像
        </Button>
      </Upload>
    </div>
  );
}
