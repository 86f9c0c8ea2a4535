import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import zhCN from 'antd/locale/zh_CN';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HashRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { setMessageInstance } from './api/notify';
import { queryClient } from './query-client';
import { AREA_NAMES } from './registry/fixed-routes';
import { lazyScreen, preloadable, takeChunkTarget } from './registry/lazy-screen';
import { findScreen } from './registry/screens';
import { ScreenSpin } from './shell/screen-spin';
import { SessionGate } from './shell/session-context';
import { usePrefersReducedMotion } from './shell/use-media';

/** One blue for primary, links and info, and secondary text dark enough for WCAG AA contrast on white and on the page grey. */
/**
 * Text colours meet WCAG AA (4.5:1 on white) where antd's defaults do not: secondary and tertiary
 * text (description labels, empty texts), placeholders and the danger colour of link buttons.
 */
const THEME = {
  token: {
    colorPrimary: '#1668dc',
    colorLink: '#1668dc',
    colorInfo: '#1668dc',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextSecondary: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    colorError: '#cf1322',
  },
};

const EntryPage = lazy(() => import('./pages/entry-page'));
/** Preloaded while the session loads; renders without suspending once its code is there. */
const shell = preloadable(() => import('./shell/shell-layout'));
const ShellLayout = shell.Component;
const PlaceholderPage = lazy(() => import('./pages/placeholder-page'));

/** Hands antd's themed message API to the API client (which toasts outside React). */
function NotifyBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    setMessageInstance(message);
    return () => setMessageInstance(null);
  }, [message]);
  return null;
}

/** After a chunk-failure reload, go to the page the user wanted (spec 000 §4). */
function ChunkTargetRestore() {
  const navigate = useNavigate();
  useEffect(() => {
    const target = takeChunkTarget();
    if (target) navigate(target, { replace: true });
  }, [navigate]);
  return null;
}

/** /login is an alias of /entry; its query (redirect, status, access_token) is kept. */
function LoginAlias() {
  const { search } = useLocation();
  return <Navigate to={`/entry${search}`} replace />;
}

/** Public résumé preview (built by the recruitment area; a placeholder until then). */
function ResumePreview() {
  const screen = findScreen('/ResumePreview');
  if (!screen) return <PlaceholderPage area={AREA_NAMES.recruit} title="简历预览" />;
  const Screen = lazyScreen(screen);
  return <Screen />;
}

/** The new hire's on-duty form: opened from the signed link HR sends, before there is an account. */
function OnDutyInfo() {
  const screen = findScreen('/onDutyInfo');
  if (!screen) return <PlaceholderPage area={AREA_NAMES.hr} title="入职信息填写" />;
  const Screen = lazyScreen(screen);
  return <Screen />;
}

/** The public check of a certificate's verification code (front-office certificates). */
function CertificateVerify() {
  const screen = findScreen('/certificateVerify');
  if (!screen) return <PlaceholderPage area={AREA_NAMES.hr} title="证明验证" />;
  const Screen = lazyScreen(screen);
  return <Screen />;
}

/** antd's English texts load only when English is chosen (zh-CN is the default and stays in the entry bundle). */
function useAntdLocale(language: string): Locale {
  const [en, setEn] = useState<Locale | null>(null);
  useEffect(() => {
    if (language === 'en-US' && !en) void import('antd/locale/en_US').then((m) => setEn(m.default));
  }, [language, en]);
  return language === 'en-US' && en ? en : zhCN;
}

export function AppRoot() {
  const { i18n } = useTranslation();
  const locale = useAntdLocale(i18n.language);
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(() => ({ token: { ...THEME.token, motion: !reducedMotion } }), [reducedMotion]);
  return (
    <ConfigProvider locale={locale} theme={theme}>
      <AntApp>
        <NotifyBridge />
        <QueryClientProvider client={queryClient}>
          <HashRouter>
            <ChunkTargetRestore />
            <Suspense fallback={<ScreenSpin />}>
              <Routes>
                <Route path="/entry" element={<EntryPage />} />
                <Route path="/login" element={<LoginAlias />} />
                <Route path="/ResumePreview" element={<ResumePreview />} />
                <Route path="/onDutyInfo" element={<OnDutyInfo />} />
                <Route path="/certificateVerify" element={<CertificateVerify />} />
                <Route
                  path="*"
                  element={
                    <SessionGate prefetch={shell.preload}>
                      <ShellLayout />
                    </SessionGate>
                  }
                />
              </Routes>
            </Suspense>
          </HashRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
