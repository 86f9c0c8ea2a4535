import 'quill/dist/quill.snow.css';
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
