import type { ChartOption } from './Chart';

/**
 * The console's chart over categories (days, hours, time buckets, versions): the values of each
 * category on hover, the legend on top, whole numbers on the axis when the values are counts.
 * Light on purpose (types only): a page builds its option without loading ECharts.
 */
export function categoryChart(
  categories: string[],
  series: ChartOption['series'],
  { counts = true }: { counts?: boolean } = {},
): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 48, right: 16, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: categories },
    yAxis: counts ? { type: 'value', minInterval: 1 } : { type: 'value' },
    series,
  };
}
