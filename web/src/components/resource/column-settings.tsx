import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Space } from 'antd';
import { useState } from 'react';

const storageKey = (name: string) => `resource-columns:${name}`;

/** Hidden columns of a table, remembered per resource in this browser. */
export function useHiddenColumns(name: string, initiallyHidden: string[]) {
  const [hidden, setHidden] = useState<string[]>(() => {
    try {
      const stored = localStorage.getItem(storageKey(name));
      return stored ? (JSON.parse(stored) as string[]) : initiallyHidden;
    } catch {
      return initiallyHidden;
    }
  });
  const update = (next: string[]) => {
    setHidden(next);
    localStorage.setItem(storageKey(name), JSON.stringify(next));
  };
  return [hidden, update] as const;
}

export function ColumnSettings(props: {
  columns: Array<{ key: string; title: string }>;
  hidden: string[];
  onChange(hidden: string[]): void;
  label: string;
  resetLabel: string;
  defaults: string[];
}) {
  const [open, setOpen] = useState(false);
  const content = (
    <Space orientation="vertical" size={4}>
      {props.columns.map((c) => (
        <Checkbox
          key={c.key}
          checked={!props.hidden.includes(c.key)}
          onChange={(e) => props.onChange(e.target.checked ? props.hidden.filter((k) => k !== c.key) : [...props.hidden, c.key])}
        >
          {c.title}
        </Checkbox>
      ))}
      <Button size="small" type="link" onClick={() => props.onChange(props.defaults)}>
        {props.resetLabel}
      </Button>
    </Space>
  );
  return (
    <Popover trigger="click" open={open} onOpenChange={setOpen} content={content} placement="bottomRight">
      <Button icon={<SettingOutlined />} aria-label={props.label}>
        {props.label}
      </Button>
    </Popover>
  );
}
