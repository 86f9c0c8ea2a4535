import 'quill/dist/quill.snow.css';
import './rich-text-editor.css';
import Quill from 'quill';
import { useEffect, useRef } from 'react';

const TOOLBAR = [
  [{ header: [1, 2, 3, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ color: [] }, { background: [] }],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ align: [] }],
  ['blockquote', 'link'],
  ['clean'],
];

/** Names of the toolbar's controls (Quill gives its buttons and pickers none). */
const CONTROL_NAMES: Record<string, string> = {
  header: '段落格式',
  bold: '加粗',
  italic: '斜体',
  underline: '下划线',
  strike: '删除线',
  color: '文字颜色',
  background: '背景颜色',
  'list:ordered': '编号列表',
  'list:bullet': '项目符号列表',
  align: '对齐方式',
  blockquote: '引用',
  link: '插入链接',
  clean: '清除格式',
};

function nameControls(toolbar: Element | null): void {
  if (!toolbar) return;
  for (const el of Array.from(toolbar.querySelectorAll<HTMLElement>('button, .ql-picker-label'))) {
    const format = [...(el.closest('.ql-picker') ?? el).classList].find((c) => c.startsWith('ql-') && c !== 'ql-picker' && c !== 'ql-picker-label')?.slice(3);
    const value = el.getAttribute('value');
    const name = format && (CONTROL_NAMES[value ? `${format}:${value}` : format] ?? CONTROL_NAMES[format]);
    if (name) el.setAttribute('aria-label', name);
  }
  for (const item of Array.from(toolbar.querySelectorAll<HTMLElement>('.ql-picker-item'))) {
    const value = item.getAttribute('data-value');
    if (!item.getAttribute('aria-label')) item.setAttribute('aria-label', value ?? '默认');
  }
}

/** Quill's empty document. */
const EMPTY = '<p><br></p>';

/**
 * Rich-text editor for notices (Quill 2), usable as a Form.Item child: `value` is HTML,
 * `onChange` gets HTML ('' when empty). The server sanitises what is stored.
 */
export function RichTextEditor({ value, onChange, placeholder, id }: { value?: string; onChange?: (html: string) => void; placeholder?: string; id?: string }) {
  const host = useRef<HTMLDivElement>(null);
  const quill = useRef<Quill | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor is created once; value changes are applied below
  useEffect(() => {
    if (!host.current) return;
    const container = document.createElement('div');
    host.current.appendChild(container);
    const editor = new Quill(container, { theme: 'snow', placeholder, modules: { toolbar: TOOLBAR } });
    nameControls(host.current.querySelector('.ql-toolbar'));
    if (value) editor.clipboard.dangerouslyPasteHTML(value, 'silent');
    editor.on('text-change', () => {
      const html = editor.getSemanticHTML();
      onChangeRef.current?.(html === EMPTY || !editor.getText().trim() ? '' : html);
    });
    quill.current = editor;
    const root = host.current;
    return () => {
      quill.current = null;
      root.innerHTML = '';
    };
  }, []);

  // A value set from outside (form reset, edit of another record) replaces the document.
  useEffect(() => {
    const editor = quill.current;
    if (!editor) return;
    const current = editor.getSemanticHTML();
    if ((value ?? '') !== current && !(value === '' && current === EMPTY)) editor.clipboard.dangerouslyPasteHTML(value ?? '', 'silent');
  }, [value]);

  return <div id={id} ref={host} data-testid="rich-text-editor" style={{ minHeight: 220 }} />;
}
