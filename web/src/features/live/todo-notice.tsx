import type { LiveTodo } from '@erp/contract/modules/msg';
import { Button, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { minuteText } from '../../components/format/time';

/** Body of the persistent "待办通知" popup: content, theme, items, start time, notice users, memo (spec 000 §4). */
export function TodoNotice({ todo, onOpen }: { todo: LiveTodo; onOpen?: () => void }) {
  const { t } = useTranslation();
  return (
    <div data-testid="todo-notice">
      <p style={{ marginTop: 0 }}>{todo.content}</p>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'theme', label: t('live.theme'), children: todo.theme },
          { key: 'items', label: t('live.items'), children: todo.items },
          { key: 'startTime', label: t('live.startTime'), children: minuteText(todo.startTime) },
          { key: 'noticeUsers', label: t('live.noticeUsers'), children: todo.noticeUsers },
          ...(todo.memo ? [{ key: 'memo', label: t('live.memo'), children: todo.memo }] : []),
        ]}
      />
      {todo.link && onOpen && (
        <Button type="link" style={{ paddingInline: 0 }} onClick={onOpen}>
          {t('live.open')}
        </Button>
      )}
    </div>
  );
}
