import { Box, Group, Stack, Text, Title, useProps, type BoxProps, type TitleOrder } from '@mantine/core';
import { useId } from '@mantine/hooks';
import type { ReactNode } from 'react';

/** Props of {@link PageShell}. */
export interface PageShellProps extends BoxProps {
  /** Page heading, e.g. 'Role Management'. */
  title: ReactNode;
  /** Line under the heading, e.g. 'Create and manage claim groups with their associated permissions'. */
  subtitle?: ReactNode;
  /** Buttons or menus shown at the right of the heading (below it on narrow screens). */
  actions?: ReactNode;
  /**
   * Maximum width of the page panel; numbers are pixels.
   * @default 1200
   */
  maxWidth?: number | string;
  /**
   * Heading level of the title.
   * @default 1
   */
  titleOrder?: TitleOrder;
  /** Page content. */
  children?: ReactNode;
}

const defaultProps = {
  maxWidth: 1200,
  titleOrder: 1,
} satisfies Partial<PageShellProps>;

/**
 * Frame of an admin screen: a centred panel (1200px wide by default, as in the spec) with a heading, an optional
 * subtitle and actions, then the content. It is a labelled `section`, so screen readers list it as a region.
 */
export function PageShell(props: PageShellProps) {
  const { title, subtitle, actions, maxWidth, titleOrder, children, ...others } = useProps(
    'PageShell',
    defaultProps,
    props,
  );
  const titleId = useId();

  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      w="100%"
      maw={maxWidth}
      mx="auto"
      px="md"
      py="lg"
      data-with-actions={actions ? true : undefined}
      {...others}
    >
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
          <Stack gap={4}>
            <Title order={titleOrder} id={titleId}>
              {title}
            </Title>
            {subtitle && <Text size="md">{subtitle}</Text>}
          </Stack>
          {actions && <Group gap="sm">{actions}</Group>}
        </Group>
        {children}
      </Stack>
    </Box>
  );
}

PageShell.displayName = '@ccq/forms-admin/PageShell';
