import { LockOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { authCalls, type SystemInfo } from '@erp/contract/modules/auth';
import { Alert, Button, Checkbox, Divider, Form, Input } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { api } from '../api/client';
import { toastError } from '../api/notify';
import { safeRedirect } from '../session/redirect';
import { FIRST_LOGIN_KEY, getToken, saveLogin } from '../session/session-store';
import { rememberSso, ssoLoginAddress } from '../session/sso';
import { endSession } from '../shell/logout';
import styles from './entry-page.module.css';

const REMEMBERED_KEY = 'rememberedUser';
/** Refusals of single sign-on the server names in `sso_error` (modules/auth/sso.ts). */
const SSO_ERRORS = new Set(['state', 'token', 'denied', 'unavailable', 'unknown_user', 'disabled', 'no_claim']);
const ForgotPasswordDialog = lazy(() => import('../account/forgot-password-dialog'));

interface Credentials {
  username: string;
  password: string;
  remember: boolean;
}

/** /entry: sign-in of the embedded identity, landing of an external single sign-on (access_token), and the logout page. */
export default function EntryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const [busy, setBusy] = useState(false);
  const [forgot, setForgot] = useState(false);
  const [form] = Form.useForm<Credentials>();
  const externalToken = params.get('access_token');
  const loggedOut = params.get('status') === 'logout';
  const ssoError = params.get('sso_error');
  // Held here, not in the query cache: signing out (endSession below) clears that cache.
  const [system, setSystem] = useState<{ data?: SystemInfo; isError: boolean }>({ isError: false });
  const sso = system.data?.sso ?? false;
  // PASSWORD_LOGIN=0 hides the form; a break-glass account opens it with ?password=1. Unknown (the call failed): shown.
  const passwordForm = system.isError || (!!system.data && (system.data.passwordLogin || params.get('password') === '1'));

  useEffect(() => {
    let live = true;
    api(authCalls.systemInfo, {}, { silent: true }).then(
      (data) => {
        rememberSso(data.sso);
        if (live) setSystem({ data, isError: false });
      },
      () => live && setSystem({ isError: true }),
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (loggedOut) {
      // Single sign-on logout: the token handed back is revoked too, then the form shows.
      if (externalToken) void fetch(authCalls.logout.path, { method: 'POST', headers: { Authorization: `Bearer ${externalToken}` } }).catch(() => {});
      endSession();
      return;
    }
    if (!externalToken) return;
    setBusy(true);
    api(authCalls.checkToken, { token: externalToken })
      .then((user) => {
        endSession();
        saveLogin({ access_token: externalToken, user });
        sessionStorage.setItem(FIRST_LOGIN_KEY, '1');
        navigate(redirect, { replace: true });
      })
      .catch(() => setBusy(false));
  }, [externalToken, loggedOut, navigate, redirect]);

  // Already signed in: leave the entry page (to the requested page, else /).
  if (getToken() && !loggedOut && !externalToken) return <Navigate to={redirect} replace />;

  const submit = async (values: Credentials) => {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await api(authCalls.login, { username: values.username.trim(), password: values.password });
      if (!answer.user_name) {
        toastError(t('entry.noUserName'), 5);
        return;
      }
      if (values.remember) localStorage.setItem(REMEMBERED_KEY, values.username.trim());
      else localStorage.removeItem(REMEMBERED_KEY);
      endSession();
      saveLogin(answer);
      sessionStorage.setItem(FIRST_LOGIN_KEY, '1');
      navigate(redirect, { replace: true });
    } catch {
      // The API client already showed the server's message for 5 s.
    } finally {
      setBusy(false);
    }
  };

  const remembered = localStorage.getItem(REMEMBERED_KEY);
  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="entry-title">
        <h1 id="entry-title" className={styles.title}>
          {t('app.name')}
        </h1>
        <p className={styles.subtitle}>{loggedOut ? t('entry.loggedOut') : t('entry.welcome')}</p>
        {ssoError && (
          <Alert
            className={styles.notice}
            type="error"
            showIcon
            role="alert"
            title={t('entry.ssoRefused')}
            description={t(`entry.ssoErrors.${SSO_ERRORS.has(ssoError) ? ssoError : 'denied'}`, {
              account: params.get('account') ?? '',
              contact: system.data?.ssoContact ?? '',
            })}
          />
        )}
        {sso && (
          <Button type={passwordForm ? 'default' : 'primary'} size="large" block icon={<TeamOutlined aria-hidden />} href={ssoLoginAddress(redirect)}>
            {t('entry.sso')}
          </Button>
        )}
        {sso && passwordForm && <Divider plain>{t('entry.or')}</Divider>}
        {passwordForm && (
          <Form<Credentials>
            form={form}
            layout="vertical"
            requiredMark={false}
            initialValues={{ username: remembered ?? '', password: '', remember: !!remembered }}
            onFinish={submit}
            disabled={busy && !!externalToken}
          >
            <Form.Item label={t('entry.username')} name="username" rules={[{ required: true, whitespace: true, message: t('entry.usernameRequired') }]}>
              <Input prefix={<UserOutlined aria-hidden />} autoComplete="username" autoFocus size="large" maxLength={64} />
            </Form.Item>
            <Form.Item label={t('entry.password')} name="password" rules={[{ required: true, message: t('entry.passwordRequired') }]}>
              <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="current-password" size="large" maxLength={128} />
            </Form.Item>
            <div className={styles.row}>
              <Form.Item name="remember" valuePropName="checked" noStyle>
                <Checkbox>{t('entry.remember')}</Checkbox>
              </Form.Item>
              <Button type="link" className={styles.forgot} onClick={() => setForgot(true)}>
                {t('entry.forgot')}
              </Button>
            </div>
            <Button type="primary" htmlType="submit" size="large" block loading={busy}>
              {t('entry.submit')}
            </Button>
          </Form>
        )}
      </section>
      {forgot && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog initialUserCode={form.getFieldValue('username')} onClose={() => setForgot(false)} />
        </Suspense>
      )}
    </main>
  );
}
