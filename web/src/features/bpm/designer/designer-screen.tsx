import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import { BPM_PERM, bpmCalls, ERP_BPMN_MODDLE } from '@erp/contract/modules/bpm';
import { BPM_ANALYTICS_PERM } from '@erp/contract/modules/bpm-analytics';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Input, Modal, Space, Switch, Tabs, Tag, Tooltip } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/client';
import '../bpm-texts';
import { Auth, useHasAuth } from '../../../app/auth/auth';
import { AnalyticsPanel } from './analytics-panel';
import styles from './designer.module.css';
import { enginePaletteModule } from './engine-palette';
import { InstanceAdmin } from './instance-admin';
import { type Canvas, type DiagramElement, EMPTY_DIAGRAM, type EventBus, type ModdleFactory, type ModelerLike, type Modeling } from './modeler-types';
import { PropertiesPanel } from './properties-panel';

const EDIT = 'bpm:definition:edit';

/**
 * /CustomBpmn/index — the definitions (design, validate, deploy; every version stays listed) and, for
 * whoever may terminate and reassign, the instances; for holders of bpm:analytics:view, 审批分析.
 */
export default function DesignerScreen() {
  const { t } = useTranslation();
  const may = useHasAuth();
  const definitions = <Definitions />;
  const tabs = [
    { key: 'definitions', label: t('bpm.admin.definitions'), children: definitions },
    ...(may(BPM_PERM.instanceAdmin)
      ? [{ key: 'instances', label: <span data-testid="designer-tab-instances">{t('bpm.admin.title')}</span>, children: <InstanceAdmin /> }]
      : []),
    ...(may(BPM_ANALYTICS_PERM.view)
      ? [{ key: 'analytics', label: <span data-testid="designer-tab-analytics">审批分析</span>, children: <AnalyticsPanel /> }]
      : []),
  ];
  if (tabs.length === 1) return definitions;
  return <Tabs items={tabs} />;
}

function Definitions() {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const host = useRef<HTMLDivElement>(null);
  const modeler = useRef<ModelerLike | null>(null);
  const [ready, setReady] = useState(false);
  const [selected, setSelected] = useState<DiagramElement | null>(null);
  const [version, setVersion] = useState(0);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const defs = useQuery({ queryKey: ['bpm', 'definitions'], queryFn: () => api(bpmCalls.definitionPage, { pageIndex: 1, pageSize: 200 }) });
  const versions = useQuery({
    queryKey: ['bpm', 'versions', activeKey],
    queryFn: () => api(bpmCalls.definitionPage, { key: activeKey ?? '', allVersions: true, pageIndex: 1, pageSize: 100 }),
    enabled: !!activeKey,
  });

  // bpmn-js is loaded with this screen only, never with the shell.
  useEffect(() => {
    let disposed = false;
    void import('bpmn-js/lib/Modeler').then(({ default: Modeler }) => {
      if (disposed || !host.current) return;
      const m = new Modeler({
        container: host.current,
        moddleExtensions: { erp: ERP_BPMN_MODDLE },
        additionalModules: [enginePaletteModule],
      }) as unknown as ModelerLike;
      modeler.current = m;
      const bus = m.get<EventBus>('eventBus');
      bus.on('selection.changed', (e) => setSelected(e.newSelection?.[0] ?? m.get<Canvas>('canvas').getRootElement()));
      bus.on('elements.changed', () => setVersion((v) => v + 1));
      setReady(true);
    });
    return () => {
      disposed = true;
      modeler.current?.destroy();
      modeler.current = null;
    };
  }, []);

  const load = useCallback(
    async (xml: string) => {
      const m = modeler.current;
      if (!m) return;
      try {
        await m.importXML(xml);
        m.get<Canvas>('canvas').zoom('fit-viewport');
        setSelected(m.get<Canvas>('canvas').getRootElement());
        setProblem(null);
      } catch (err) {
        message.error(`无法打开该定义：${String((err as Error).message)}`, 5);
      }
    },
    [message],
  );

  const open = async (key: string, id?: number) => {
    setActiveKey(key);
    const def = await api(bpmCalls.definitionXml, id ? { id } : { key });
    await load(def.xml);
  };
  const create = () => {
    let key = '';
    let name = '';
    Modal.confirm({
      title: '新建流程',
      content: (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Input placeholder="流程标识，如 Leave_Process" onChange={(e) => (key = e.target.value.trim())} maxLength={64} />
          <Input placeholder="流程名称" onChange={(e) => (name = e.target.value.trim())} maxLength={128} />
        </Space>
      ),
      onOk: async () => {
        if (!/^[A-Za-z_][\w-]{0,63}$/.test(key)) {
          message.warning('流程标识须以字母开头，只含字母、数字、_ 或 -', 3);
          throw new Error('invalid key');
        }
        setActiveKey(null);
        await load(EMPTY_DIAGRAM(key, name || key));
      },
    });
  };
  const currentXml = async () => (await modeler.current?.saveXML({ format: true }))?.xml ?? '';
  const validate = async () => {
    const r = await api(bpmCalls.validateDefinition, { xml: await currentXml() });
    setProblem(r.valid ? null : r.message);
    if (r.valid) message.success('校验通过', 2);
    return r.valid;
  };
  const deploy = async () => {
    setBusy(true);
    try {
      if (!(await validate())) return;
      const d = await api(bpmCalls.deployDefinition, { xml: await currentXml() });
      message.success(`已部署 ${d.key} 第 ${d.version} 版`, 2);
      setActiveKey(d.key);
      await qc.invalidateQueries({ queryKey: ['bpm'] });
    } catch {
      // shown by the call
    } finally {
      setBusy(false);
    }
  };
  const download = async () => {
    const blob = new Blob([await currentXml()], { type: 'application/xml' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${activeKey ?? 'process'}.bpmn`;
    a.click();
    URL.revokeObjectURL(a.href);
  };
  const toggle = async (key: string, enabled: boolean) => {
    await api(bpmCalls.setDefinitionEnabled, { key, enabled });
    await qc.invalidateQueries({ queryKey: ['bpm'] });
  };
  // Switching a live process off stops new requests: asked first; switching on needs no question.
  const confirmToggle = (d: { key: string; name: string }, enabled: boolean) => {
    if (enabled) return void toggle(d.key, true).catch(() => undefined);
    modal.confirm({
      title: `确认停用流程“${d.name}”？`,
      content: '停用后不能再发起该流程，进行中的审批不受影响；可随时重新启用。',
      okText: '停用',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => toggle(d.key, false),
    });
  };

  const m = modeler.current;
  return (
    <div>
      <Space style={{ marginBottom: 12 }} wrap>
        <Auth code={EDIT}>
          <Button onClick={create} disabled={!ready}>
            新建
          </Button>
        </Auth>
        <Button onClick={() => void validate()} disabled={!ready}>
          校验
        </Button>
        <Auth code={EDIT}>
          <Button type="primary" loading={busy} onClick={deploy} disabled={!ready} data-testid="designer-deploy">
            部署新版本
          </Button>
        </Auth>
        <Button onClick={download} disabled={!ready}>
          导出流程文件
        </Button>
      </Space>
      {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 12 }} closable onClose={() => setProblem(null)} />}
      <div className={styles.layout}>
        <div className={styles.side}>
          {(defs.data?.records ?? []).map((d) => (
            <div key={d.key} className={`${styles.item} ${d.key === activeKey ? styles.active : ''}`}>
              <button type="button" className={styles.open} onClick={() => void open(d.key)}>
                {d.name} <Tag>v{d.version}</Tag>
                {!d.enabled && <Tag color="default">已停用</Tag>}
              </button>
              <Space size={4}>
                <small>{d.key}</small>
                <Auth code={EDIT}>
                  <Tooltip title={d.enabled ? '停用后不能发起新流程，进行中的不受影响' : '启用'}>
                    <Switch
                      size="small"
                      checked={d.enabled}
                      aria-label={`${d.name}：${d.enabled ? '已启用' : '已停用'}`}
                      data-testid={`designer-enabled-${d.key}`}
                      onClick={(checked, e) => {
                        e.stopPropagation();
                        confirmToggle(d, checked);
                      }}
                    />
                  </Tooltip>
                </Auth>
              </Space>
              {d.key === activeKey && (
                <div>
                  {(versions.data?.records ?? []).map((v) => (
                    <Tag
                      key={v.id}
                      style={{ cursor: 'pointer', marginTop: 4 }}
                      onClick={(e) => {
                        e.stopPropagation();
                        void open(v.key, v.id);
                      }}
                    >
                      v{v.version}（进行中 {v.runningCount}）
                    </Tag>
                  ))}
                </div>
              )}
            </div>
          ))}
        </div>
        <div className={styles.canvas} ref={host} data-testid="designer-canvas" />
        <div className={styles.side}>
          {m && (
            <PropertiesPanel
              element={selected}
              modeling={m.get<Modeling>('modeling')}
              moddle={m.get<ModdleFactory>('moddle')}
              version={version}
              processKey={m.get<Canvas>('canvas').getRootElement()?.businessObject?.id ?? ''}
            />
          )}
        </div>
      </div>
    </div>
  );
}
