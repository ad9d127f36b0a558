import { Box, Group, Stack, Text } from '@mantine/core';
import { formatNumber } from '../../labels/format';

/** One bar of a {@link BarChart}: a key (for `data-bar`), the label under it and its count. */
export interface BarChartBar {
  key: string;
  label: string;
  count: number;
}

/** Props of {@link BarChart}. */
export interface BarChartProps {
  bars: readonly BarChartBar[];
  /** The locale the counts are written in (undefined: the browser's). */
  locale: string | undefined;
  /** The height of the tallest bar, in pixels. @default 150 */
  height?: number;
}

/**
 * The library's bar chart: one bar per entry in the theme's primary colour, its count above it and its label under
 * it, drawn with boxes, so the library needs no charts package and a host installs none (the registry's newest
 * `@mantine/charts` lagged `@mantine/core` and failed npm's peer resolution). A picture: the caller names it
 * (`role="img"` with an accessible name) and shows the same counts in words (a table beside it). Used by the
 * dashboard's submissions chart and the summary of a form's answers.
 */
export function BarChart({ bars, locale, height = 150 }: BarChartProps) {
  const max = Math.max(1, ...bars.map((bar) => bar.count));
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end" data-chart="bars">
      {bars.map((bar) => (
        <Stack key={bar.key} gap={4} align="center" justify="flex-end" style={{ flex: '1 1 0', minWidth: 0 }}>
          <Text size="xs">{formatNumber(bar.count, locale)}</Text>
          <Box
            data-bar={bar.key}
            w="60%"
            maw={72}
            bg="var(--mantine-primary-color-filled)"
            style={{
              height: `${bar.count > 0 ? Math.max(2, Math.round((bar.count / max) * height)) : 0}px`,
              borderRadius: 'var(--mantine-radius-sm) var(--mantine-radius-sm) 0 0',
            }}
          />
          <Box w="100%" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }} />
          <Text size="xs" ta="center" w="100%" truncate>
            {bar.label}
          </Text>
        </Stack>
      ))}
    </Group>
  );
}
