import { RobotOutlined } from '@ant-design/icons';
import { helpCalls, type XiaodeFact, type XiaodePassage } from '@erp/contract/modules/help';
import { Alert, Button, Input } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buildRequest, settle } from '../../app/api/client';
import { SafeHtml } from '../msg/safe-html';
import styles from './help.module.css';
import './help-texts';

interface Turn {
  id: number;
  question: string;
  answer: string;
  passages: XiaodePassage[];
  facts: XiaodeFact[];
  done: boolean;
  failed?: boolean;
}

const SUGGESTIONS = ['怎么处理审批待办？', '我还有几天年假？', '我的请假申请到哪一步了？', '如何切换语言？'];

/** Reads server-sent events from a fetch body: `event:` / `data:` blocks separated by a blank line. */
async function readEvents(body: ReadableStream<Uint8Array>, on: (event: string, data: unknown) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (data) on(event, JSON.parse(data));
    }
  }
}

/**
 * /helpCenter/xiaodeAI: ask Xiaode. The answer streams in (from the AI endpoint when the server has
 * one, else composed from the help articles), with the passages it used and the asker's own figures,
 * each linking to its article or screen.
 */
export default function AiAssistantScreen() {
  const { t } = useTranslation();
  const [question, setQuestion] = useState('');
  const [turns, setTurns] = useState<Turn[]>([]);
  const [busy, setBusy] = useState(false);
  const next = useRef(1);

  const patch = (id: number, change: Partial<Turn> | ((turn: Turn) => Partial<Turn>)) =>
    setTurns((all) => all.map((x) => (x.id === id ? { ...x, ...(typeof change === 'function' ? change(x) : change) } : x)));

  const ask = async (text: string) => {
    const q = text.trim();
    if (!q || busy) return;
    const id = next.current++;
    setTurns((all) => [...all, { id, question: q, answer: '', passages: [], facts: [], done: false }]);
    setQuestion('');
    setBusy(true);
    try {
      const { url, init } = buildRequest(helpCalls.xiaodeStream, { question: q });
      const res = await fetch(url, init);
      if (!res.ok || !res.body || (res.headers.get('content-type') ?? '').includes('json')) {
        await settle(helpCalls.xiaodeStream, res);
        throw new Error('no stream');
      }
      await readEvents(res.body, (event, data) => {
        const d = data as { text?: string; answer?: string; passages?: XiaodePassage[]; facts?: XiaodeFact[] };
        if (event === 'context') patch(id, { passages: d.passages ?? [], facts: d.facts ?? [] });
        else if (event === 'delta') patch(id, (x) => ({ answer: x.answer + (d.text ?? '') }));
        // The AI endpoint failed part way: the retrieval answer replaces what had come.
        else if (event === 'notice') patch(id, { answer: '' });
        else if (event === 'done') patch(id, { answer: d.answer ?? '', done: true });
      });
      patch(id, { done: true });
    } catch {
      patch(id, { done: true, failed: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.page}>
      <section className={`${styles.panel} ${styles.chat}`} data-testid="ai-assistant">
        <h1>
          <RobotOutlined aria-hidden /> {t('help.ai.title')}
        </h1>
        <p className={styles.muted}>{t('help.ai.intro')}</p>
        <div className={styles.messages} aria-live="polite">
          {turns.map((turn) => (
            <div key={turn.id} className={styles.messages} data-testid="ai-turn">
              <div className={styles.question}>{turn.question}</div>
              <div className={styles.answer} data-testid="ai-answer">
                {turn.failed ? <Alert type="error" showIcon title={t('help.ai.failed')} /> : turn.answer || (!turn.done && t('help.ai.thinking'))}
                {turn.facts.length > 0 && (
                  <div>
                    <strong>{t('help.ai.myData')}</strong>
                    <ul className={styles.facts} data-testid="ai-facts">
                      {turn.facts.map((f) => (
                        <li key={`${f.label}${f.value}`}>
                          {f.label}：{f.value} <Link to={f.link}>{t('help.ai.openScreen')}</Link>
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
                {turn.passages.length > 0 && (
                  <div>
                    <strong>{t('help.ai.sources')}</strong>
                    <ul className={styles.facts} data-testid="ai-sources">
                      {turn.passages.map((p) => (
                        <li key={p.articleId}>
                          <Link to={p.link}>{p.title}</Link>
                          <SafeHtml className={styles.passage} html={p.highlighted} />
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
              </div>
            </div>
          ))}
        </div>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void ask(question);
          }}
          className={styles.toolbar}
        >
          <label htmlFor="ai-question" className="sr-only">
            {t('help.ai.ask')}
          </label>
          <Input
            id="ai-question"
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
            placeholder={t('help.ai.askPlaceholder')}
            maxLength={200}
            style={{ maxWidth: 480 }}
          />
          <Button type="primary" htmlType="submit" loading={busy} disabled={!question.trim()}>
            {t('help.ai.send')}
          </Button>
        </form>
      </section>
      <section className={styles.panel} aria-labelledby="ai-suggestions">
        <h2 id="ai-suggestions">{t('help.ai.suggestions')}</h2>
        <ul className={styles.topics}>
          {SUGGESTIONS.map((s) => (
            <li key={s}>
              <Button type="link" onClick={() => void ask(s)} disabled={busy} style={{ padding: 0 }}>
                {s}
              </Button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
