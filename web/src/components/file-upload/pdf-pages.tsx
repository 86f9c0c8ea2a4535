import { Alert, Button, Space, Spin } from 'antd';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';

/** Pages drawn at first; more on request (a 300-page contract must not freeze the dialog). */
const PAGE_BATCH = 10;
const ASSETS = '/pdfjs/';

async function loadPdfjs() {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
}

/**
 * A PDF drawn by pdf.js onto canvases inside our page: no browser plugin, no document of the file's
 * own on our origin, and no script of the file ever runs (pdf.js does not execute PDF JavaScript
 * outside its full viewer, and eval is off). The file itself is served with the sandboxing CSP of
 * every other upload.
 */
export function PdfPages({ url, fileName }: { url: string; fileName: string }) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [shown, setShown] = useState(PAGE_BATCH);

  useEffect(() => {
    let cancelled = false;
    let loaded: PDFDocumentProxy | null = null;
    setDoc(null);
    setFailed(false);
    setShown(PAGE_BATCH);
    loadPdfjs()
      .then(
        (pdfjs) =>
          pdfjs.getDocument({ url, isEvalSupported: false, cMapUrl: `${ASSETS}cmaps/`, cMapPacked: true, standardFontDataUrl: `${ASSETS}standard_fonts/` })
            .promise,
      )
      .then((d) => {
        loaded = d;
        if (cancelled) void d.destroy();
        else setDoc(d);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      void loaded?.destroy();
    };
  }, [url]);

  if (failed) return <Alert type="warning" showIcon title="无法预览此 PDF，请下载后查看" />;
  if (!doc) return <Spin description="正在加载…" style={{ display: 'block', margin: '48px auto' }} />;
  const pages = Math.min(shown, doc.numPages);
  return (
    <div style={{ maxHeight: '75vh', overflow: 'auto', background: '#f0f0f0', padding: 12 }} data-testid="pdf-pages" role="document" aria-label={fileName}>
      {Array.from({ length: pages }, (_, i) => i + 1).map((pageNumber) => (
        <PdfPage key={pageNumber} doc={doc} pageNumber={pageNumber} />
      ))}
      <Space style={{ width: '100%', justifyContent: 'center', marginTop: 8 }}>
        <span>{`共 ${doc.numPages} 页${pages < doc.numPages ? `，已显示 ${pages} 页` : ''}`}</span>
        {pages < doc.numPages && <Button onClick={() => setShown((n) => n + PAGE_BATCH)}>显示更多</Button>}
      </Space>
    </div>
  );
}

function PdfPage({ doc, pageNumber }: { doc: PDFDocumentProxy; pageNumber: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let task: { cancel(): void } | null = null;
    let cancelled = false;
    void doc.getPage(pageNumber).then((page) => {
      const el = canvas.current;
      if (cancelled || !el) return;
      const scale = Math.min(2, (el.parentElement?.clientWidth ?? 800) / page.getViewport({ scale: 1 }).width) * (window.devicePixelRatio || 1);
      const viewport = page.getViewport({ scale });
      el.width = viewport.width;
      el.height = viewport.height;
      el.style.width = `${viewport.width / (window.devicePixelRatio || 1)}px`;
      const render = page.render({ canvas: el, viewport });
      task = render;
      render.promise.catch(() => undefined);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, pageNumber]);
  return <canvas ref={canvas} aria-label={`第 ${pageNumber} 页`} style={{ display: 'block', margin: '0 auto 12px', background: '#fff', maxWidth: '100%' }} />;
}
