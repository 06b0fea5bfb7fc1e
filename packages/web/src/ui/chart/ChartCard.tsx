import { Card } from 'antd';
import type { ReactNode } from 'react';

/**
 * A chart in a small card, with what the card states below it (a total, a table). The chart only
 * draws figures, so screen readers skip it (`aria-hidden`).
 */
export function ChartCard({ title, chart, children }: { title: ReactNode; chart: ReactNode; children?: ReactNode }) {
  return (
    <Card size="small" title={title}>
      <div aria-hidden="true">{chart}</div>
      {children}
    </Card>
  );
}
