import { useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { Empty, Skeleton } from 'antd';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';
import { useLazyTranslation } from '@/lib/use-namespace';

// Only what the asset pages draw: line, bar and pie with axes, tooltips and legends, as SVG.
echarts.use([LineChart, BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

export type ChartOption = EChartsCoreOption;

const SVG = { renderer: 'svg' } as const;

/**
 * One chart of the asset pages, its width following its container (phones too). While loading a
 * skeleton, when there is nothing to draw "No data for this period"; a failed request is shown by
 * the caller (`error`) instead of the chart, never as an empty or zero chart. `data-rendered`
 * turns true once the chart has finished drawing (after its animation).
 */
export function EChart(props: {
  /** Memoised by the caller: a new object redraws the chart. */
  option: ChartOption;
  height: number;
  testId: string;
  /** The number of points (days, slices) drawn: `data-points`. */
  points: number;
  loading?: boolean;
  empty?: boolean;
  error?: ReactNode;
  /** What the chart shows, for screen readers. */
  label: string;
}) {
  const { t } = useLazyTranslation('asset');
  const box = useRef<HTMLDivElement>(null);
  const events = useMemo(() => ({ finished: () => box.current?.setAttribute('data-rendered', 'true') }), []);
  const option = useMemo(() => {
    const still =
      typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    return { animation: !still, ...props.option };
  }, [props.option]);
  // A new option is drawn again (shouldSetOption below): until it has finished, it is not rendered.
  useLayoutEffect(() => box.current?.setAttribute('data-rendered', 'false'), [option]);

  if (props.error) return <div data-testid={`${props.testId}-error`}>{props.error}</div>;
  if (props.loading)
    return (
      <div style={{ height: props.height }} data-testid={`${props.testId}-loading`}>
        <Skeleton active paragraph={{ rows: 4 }} />
      </div>
    );
  if (props.empty)
    return (
      <div
        style={{ height: props.height, display: 'grid', placeItems: 'center' }}
        data-testid={props.testId}
        data-points={0}
        data-empty="true"
      >
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noData')} />
      </div>
    );
  return (
    <div
      ref={box}
      data-testid={props.testId}
      data-points={props.points}
      data-empty="false"
      role="img"
      aria-label={props.label}
    >
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        notMerge
        lazyUpdate
        opts={SVG}
        onEvents={events}
        shouldSetOption={(before, after) => before.option !== after.option}
        style={{ height: props.height, width: '100%' }}
      />
    </div>
  );
}
