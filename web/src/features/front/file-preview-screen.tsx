import { filePreviewCalls } from '@erp/contract/modules/file-preview';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../app/api/client';
import { ScreenFrame } from '../base/screen-frame';
import { SafeHtml } from '../msg/safe-html';

const PdfPages = lazy(() => import('../../components/file-upload/pdf-pages').then((m) => ({ default: m.PdfPages })));

/** /filePreviewPage?id=…: images, PDF (pdf.js), xlsx and docx converted on the server, text; anything else to download. */
export default function FilePreviewScreen() {
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? params.get('fileId'));
  const valid = Number.isInteger(id) && id > 0;
  const { data, isLoading, error } = useQuery({
    queryKey: ['front', 'filePreview', id],
    queryFn: () => api(filePreviewCalls.previewContent, { id }, { silent: true }),
    enabled: valid,
  });
  if (!valid) return <Empty style={{ marginTop: 64 }} description="未指定要预览的文件" />;
  if (isLoading) return <Spin style={{ display: 'block', marginTop: 64 }} />;
  if (error || !data) return <Alert style={{ margin: 24 }} type="error" showIcon title={error instanceof Error ? error.message : '文件无法预览'} />;
  return (
    <ScreenFrame>
      <Card
        title={data.fileName}
        extra={
          data.link && (
            <Button href={data.link.url} target="_blank" rel="noopener noreferrer">
              下载
            </Button>
          )
        }
      >
        {data.truncated && <Alert type="info" showIcon style={{ marginBottom: 12 }} title="文件较大，只显示了前面的部分内容，完整内容请下载后查看" />}
        {data.kind === 'image' && data.link && <img alt={data.fileName} src={data.link.url} style={{ maxWidth: '100%' }} />}
        {data.kind === 'pdf' && data.link && (
          <Suspense fallback={<Spin />}>
            <PdfPages url={data.link.url} fileName={data.fileName} />
          </Suspense>
        )}
        {data.kind === 'html' && data.html !== null && <SafeHtml className="file-preview-doc" html={data.html} />}
        {data.kind === 'text' && <pre style={{ whiteSpace: 'pre-wrap', maxHeight: '70vh', overflow: 'auto' }}>{data.text}</pre>}
        {data.kind === 'download' && <Alert type="warning" showIcon title={data.reason ?? '请下载后查看'} />}
      </Card>
    </ScreenFrame>
  );
}
