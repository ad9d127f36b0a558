import { Button, Paper, Stack, Text, Title, useProps, useStyles, type BoxProps, type Factory, type FactoryPayload, type StylesApiProps, type TitleProps } from '@mantine/core';
import { useId } from '@mantine/hooks';
import type { ReactNode } from 'react';
import type { Labels } from '../../query/labels';
import { LabelsProvider } from '../../query/useLabels';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { LoadingState } from '../../ui/LoadingState';
import { PageShell, type PageShellProps } from '../../ui/PageShell';

/**
 * The pieces every forms administration screen is made of: its Styles API plumbing (static class names, `classNames`
 * / `styles` of its parts), the page with the screen's labels, the frame of a read that is loading, failed (with
 * 'Try again') or found nothing, a titled card, and the frame of a screen the user may not use.
 */

/** The Styles API props a screen's view takes off before the rest goes to its page. */
type StylesApiKeys = 'classNames' | 'className' | 'style' | 'styles' | 'unstyled' | 'vars' | 'attributes';

/**
 * The static class names of a screen's parts, `ccq-{Screen}-{part}` (no stylesheet ships): hosts target
 * `.ccq-FormList-table` or use `classNames` / `styles`.
 */
export function screenClasses<Part extends string>(screen: string, parts: readonly Part[]): Record<Part, string> {
  return Object.fromEntries(parts.map((part) => [part, `ccq-${screen}-${part}`])) as Record<Part, string>;
}

/**
 * A screen view's Styles API: `getStyles(part)` gives each part its class names and styles (from `classes`, the
 * theme and the `classNames` / `styles` props), and `others` is what is left of the props for the view and its page.
 */
export function useScreenStyles<Payload extends FactoryPayload & { props: BoxProps & StylesApiProps<Payload> }>(
  screen: string,
  classes: Parameters<typeof useStyles<Payload>>[0]['classes'],
  props: Payload['props'],
) {
  const { classNames, className, style, styles, unstyled, vars, attributes, ...others } = props;
  const getStyles = useStyles<Payload>({ name: screen, classes, props, className, style, classNames, styles, unstyled, vars, attributes });
  return { getStyles, others: others as Omit<Payload['props'], StylesApiKeys> };
}

/** Props of {@link ScreenPage}: the page's, and the labels the screen's parts read. */
export interface ScreenPageProps extends PageShellProps {
  labels: Labels;
}

/** A screen's page (title, subtitle, buttons, root part) with its labels provided to everything inside. */
export function ScreenPage({ labels, children, ...page }: ScreenPageProps) {
  return (
    <LabelsProvider labels={labels}>
      <PageShell {...page}>{children}</PageShell>
    </LabelsProvider>
  );
}

/** A read a screen or a part of it waits for. */
export interface ScreenRead {
  isLoading: boolean;
  /** Whether the read failed (default: whether it has an `error`). */
  isError?: boolean;
  error?: unknown;
  retry(): void;
  /** True while 'Try again' runs. */
  retrying?: boolean;
}

/** Props of {@link ReadState}. */
export interface ReadStateProps {
  read: ScreenRead;
  /** The message of the failed read ('Failed to load the form.'), shown with 'Try again'. */
  failed: string;
  /** What shows once the read is done: its content, or what says nothing was found. */
  children?: ReactNode | (() => ReactNode);
}

/** The loader while a read runs, its failure with 'Try again', or (once it is done) its content. */
export function ReadState({ read, failed, children }: ReadStateProps) {
  if (read.isLoading) return <LoadingState />;
  if (read.isError ?? Boolean(read.error)) return <ErrorAlert message={failed} error={read.error} onRetry={read.retry} retrying={read.retrying} />;
  return <>{typeof children === 'function' ? children() : children}</>;
}

/** Props of {@link ScreenReadPage}. */
export interface ScreenReadPageProps extends Omit<ScreenPageProps, 'children'>, Omit<ReadStateProps, 'children'> {
  /** What says the read found nothing. */
  notFound: ReactNode;
}

/** The page of a screen whose one read is loading, failed (with 'Try again') or found nothing. */
export function ScreenReadPage({ read, failed, notFound, ...page }: ScreenReadPageProps) {
  return (
    <ScreenPage {...page}>
      <ReadState read={read} failed={failed}>
        {notFound}
      </ReadState>
    </ScreenPage>
  );
}

/** Props of {@link SectionCard}. */
export interface SectionCardProps {
  title: string;
  children: ReactNode;
  /** The Styles API class name and style of the part this card is. */
  part: object;
  /** The heading's look (it is an h2 either way). @default 'h3' */
  titleSize?: TitleProps['size'];
}

/** A titled card of a screen: a region named by its h2. */
export function SectionCard({ title, children, part, titleSize = 'h3' }: SectionCardProps) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder p="md" {...part}>
      <Stack gap="sm">
        <Title order={2} size={titleSize} id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** Props of {@link AccessGate}. */
export interface AccessGateProps {
  /** Whether the user may use what is inside. */
  allowed: boolean;
  /** True while the user's claims load: nothing shows meanwhile (no flash of the refusal). */
  loading: boolean;
  /** What says the user may not ('You may not list envelopes.'). */
  refusal: string;
  children: ReactNode;
}

/** What the user may use, or the sentence that says they may not (nothing while their claims load). */
export function AccessGate({ allowed, loading, refusal, children }: AccessGateProps) {
  if (allowed) return <>{children}</>;
  return loading ? null : <Text>{refusal}</Text>;
}

/** The Mantine factory payload of a screen or its view: its props and the parts `classNames` / `styles` reach. */
export type ScreenFactory<Props extends FactoryPayload['props'], StylesNames extends string> = Factory<{ props: Props; ref: HTMLElement; stylesNames: StylesNames }>;

/**
 * Every option of a screen's controller hook, listed once: `optionKeys<FormListOptions>()('onOpenForm', …)`. An
 * option the hook gains and the list lacks is a type error, so a screen never hands an option to its page instead.
 */
export function optionKeys<Options>() {
  return <const Keys extends readonly (keyof Options)[]>(...keys: Keys & (Exclude<keyof Options, Keys[number]> extends never ? unknown : never)): Keys =>
    keys;
}

/**
 * A screen component's work: its props with the theme's defaults for `screen`, the options (`keys`) handed to its
 * controller hook, and the rest, for its view.
 */
export function useScreenController<Props extends FactoryPayload['props'], Key extends keyof Props, Controller>(
  screen: string,
  props: Props,
  keys: readonly Key[],
  useController: (options: Pick<Props, Key>) => Controller,
): { controller: Controller; viewProps: Omit<Props, Key> } {
  const all = useProps(screen, null, props);
  const options = {} as Pick<Props, Key>;
  const viewProps: Partial<Props> = { ...all };
  for (const key of keys) {
    options[key] = all[key];
    delete viewProps[key];
  }
  return { controller: useController(options), viewProps: viewProps as Omit<Props, Key> };
}

/**
 * A page's way back to the screen it is reached from ('Back to Forms'), for its header: one look on every page that
 * has one. Undefined when the host gave no callback, so the page's header shows no empty place for it.
 */
export function backButton(onBack: (() => void) | undefined, label: string): ReactNode {
  return onBack ? (
    <Button variant="default" onClick={onBack}>
      {label}
    </Button>
  ) : undefined;
}
