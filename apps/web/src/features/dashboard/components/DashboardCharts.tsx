import { Area, Column, Line, Pie } from '@ant-design/plots';
import { Card, Col, Row } from 'antd';
import { memo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { StorageKey, readThemeMode, subscribeStorage } from '../../../lib/storage';
import type { ChartData } from '../chart-data';

const CHART_HEIGHT = 280;
// Hourly labels crowd a phone's axis: those that would overlap are left out.
const AXIS = { x: { title: false, labelAutoHide: true, labelAutoRotate: false }, y: { title: false } };

const subscribeTheme = (listener: () => void) => subscribeStorage(StorageKey.ThemeMode, listener);

/**
 * The dashboard's four charts; this module (and the chart library) is its own chunk, loaded on the dashboard only.
 * Memoised: the page re-renders when a load starts and ends, and redrawing a week of hours (some 25,000 columns)
 * each time took seconds.
 */
export const DashboardCharts = memo(function DashboardCharts({ data }: { data: ChartData }) {
  const { t } = useTranslation();
  const mode = useSyncExternalStore(subscribeTheme, readThemeMode);
  // No entrance animation: the figures are there at once (and screenshots never catch a half-drawn chart).
  const common = {
    height: CHART_HEIGHT,
    autoFit: true,
    animate: false,
    // The last time label is centred on the right edge: room for its second half.
    marginRight: 24,
    insetRight: 16,
    theme: mode === 'dark' ? 'classicDark' : 'classic',
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card title={t('dashboard.charts.quota')} size="small">
          <Column
            {...common}
            data={data.quotaByModel}
            xField="time"
            yField="quota"
            colorField="model"
            stack
            axis={AXIS}
            legend={{ color: { position: 'bottom', layout: { justifyContent: 'center' } } }}
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('dashboard.charts.share')} size="small">
          <Pie
            {...common}
            data={data.share}
            angleField="quota"
            colorField="model"
            innerRadius={0.6}
            label={false}
            legend={{ color: { position: 'bottom', layout: { justifyContent: 'center' } } }}
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('dashboard.charts.calls')} size="small">
          <Line
            {...common}
            data={data.calls}
            xField="time"
            yField="count"
            axis={AXIS}
            point={{}}
            tooltip={{ items: [{ channel: 'y', name: t('dashboard.charts.callsField') }] }}
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('dashboard.charts.tokens')} size="small">
          <Area
            {...common}
            data={data.tokens}
            xField="time"
            yField="tokens"
            axis={AXIS}
            tooltip={{ items: [{ channel: 'y', name: t('dashboard.charts.tokensField') }] }}
          />
        </Card>
      </Col>
    </Row>
  );
});
