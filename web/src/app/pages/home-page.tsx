import { useTranslation } from 'react-i18next';
import { useLoginInfo } from '../session/session-store';

/** /WorkBench/home: the back-office home (default home when no large-screen menu exists). */
export default function HomePage() {
  const { t } = useTranslation();
  const info = useLoginInfo();
  return (
    <section style={{ background: '#fff', borderRadius: 8, padding: '16px 20px', border: '1px solid #f0f0f0' }}>
      <h1 style={{ fontSize: 22, marginTop: 0 }}>{t('home.title')}</h1>
      <p>{t('workbench.greeting', { name: info?.realName ?? '' })}</p>
      <p style={{ color: '#595959' }}>{t('home.intro')}</p>
    </section>
  );
}
