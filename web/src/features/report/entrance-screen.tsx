import { reportCalls } from '@erp/contract/modules/report';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/client';
import { ScreenFrame } from '../base/screen-frame';
import './report-texts';

const AREAS = ['hr', 'recruit'] as const;

/** 报表中心: the reports the user may open, as cards grouped by area (one permission per report). */
export default function EntranceScreen() {
  const { t, i18n } = useTranslation();
  // The server names the cards in the chosen language: a switch asks again.
  const { data, isLoading } = useQuery({ queryKey: ['report', 'entrance', i18n.language], queryFn: () => api(reportCalls.entrance, {}) });
  if (isLoading) return <Spin style={{ margin: 48 }} />;
  const cards = data ?? [];
  return (
    <ScreenFrame>
      {!cards.length && <Empty description={t('report.none')} />}
      {AREAS.map((area) => {
        const mine = cards.filter((c) => c.area === area);
        if (!mine.length) return null;
        return (
          <section key={area} style={{ marginBottom: 24 }}>
            <Typography.Title level={5}>{t(`report.areas.${area}`)}</Typography.Title>
            <Row gutter={[16, 16]}>
              {mine.map((c) => (
                <Col key={c.code} xs={24} sm={12} lg={8} xl={6}>
                  <a href={`#${c.path}`} style={{ display: 'block', height: '100%' }}>
                    <Card hoverable title={c.title} size="small" style={{ height: '100%' }}>
                      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }} ellipsis={{ rows: 3 }}>
                        {c.description}
                      </Typography.Paragraph>
                    </Card>
                  </a>
                </Col>
              ))}
            </Row>
          </section>
        );
      })}
    </ScreenFrame>
  );
}
