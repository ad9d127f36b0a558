import { BarChart } from '@mantine/charts';

/** One bar of a question's chart. */
export interface SummaryChartBar {
  name: string;
  count: number;
}

/**
 * A question's bar chart, drawn by `@mantine/charts` (an optional peer, so this module is loaded lazily by
 * `FormInstanceSummary`; without it the summary shows its tables alone). A picture: the caller names it and its table
 * reads the same counts out.
 */
export default function SummaryChart({ bars, seriesLabel }: { bars: readonly SummaryChartBar[]; seriesLabel: string }) {
  return (
    <BarChart
      h={160}
      data={bars.map((bar) => ({ ...bar }))}
      dataKey="name"
      series={[{ name: 'count', label: seriesLabel, color: 'var(--mantine-primary-color-filled)' }]}
      withTooltip={false}
      withXAxis={false}
      withYAxis={false}
      gridAxis="none"
      barProps={{ isAnimationActive: false }}
    />
  );
}
