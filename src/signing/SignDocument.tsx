import {
  Alert,
  Box,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  Paper,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
  factory,
  useProps,
  useStyles,
  type BoxProps,
  type Factory,
  type StylesApiProps,
} from '@mantine/core';
import { useId } from '@mantine/hooks';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import type { SigningEnvelope, SigningSession } from '../api/types';
import { SIGNING_LIMITS } from '../domain/signing/request';
import { describeError } from '../query/describe-error';
import type { Labels } from '../query/labels';
import { LabelsProvider, useLabelGroup } from '../query/label-context';
import { fillLabel } from '../query/shared-labels';
import { useLocale } from '../query/useLocale';
import { fillCount, fillNumbers, formatMoment } from '../labels/format';
import { READABLE_FORM_COLORS } from '../ui/contrast';
import { ErrorAlert } from '../ui/ErrorAlert';
import { LoadingState } from '../ui/LoadingState';
import { DrawnSignature } from './DrawnSignature';
import { signDocumentTexts, type SignDocumentLabels } from './labels';
import { renderTypedSignature, withinImageLimit } from './signature-image';
import type { SigningZoom } from './SigningPages';
import { useSignDocument, type SignDocumentController, type SigningProblem } from './useSignDocument';

// pdf.js comes with the pages, fetched once a document is shown.
const SigningPages = lazy(() => import('./SigningPages'));

/** The zooms a signer chooses from, with the text of each button: fitted to the width, then shares of the printed size. */
const ZOOMS: readonly { zoom: SigningZoom; label: 'sdZoomFit' | 'sdZoom100' | 'sdZoom150' | 'sdZoom200' }[] = [
  { zoom: 'fit', label: 'sdZoomFit' },
  { zoom: 1, label: 'sdZoom100' },
  { zoom: 1.5, label: 'sdZoom150' },
  { zoom: 2, label: 'sdZoom200' },
];

/** The inner parts of the signing page that `classNames` / `styles` reach. */
export type SignDocumentStylesNames = 'root' | 'header' | 'title' | 'message' | 'document' | 'page' | 'place' | 'signature' | 'actions' | 'result';

/** Props of {@link SignDocument}. */
export interface SignDocumentProps extends BoxProps, StylesApiProps<SignDocumentFactory> {
  /** The signing link's token: the `token` of `/sign?token=…`. The token is the credential; nobody signs in. */
  token: string;
  /** Called once the signature is recorded, with the envelope as it now is (e.g. to move on, or to track it). */
  onDone?: (envelope: SigningEnvelope) => void;
  /** Called once the signer's decline is recorded. */
  onDeclined?: (envelope: SigningEnvelope) => void;
  /**
   * The URL of pdf.js's worker as the host's build emits it (Vite:
   * `import pdfWorkerSrc from 'pdfjs-dist/build/pdf.worker.min.mjs?url'`); without it the document is read on the
   * page's thread.
   */
  pdfWorkerSrc?: string;
  /** Overrides of the page's texts (otherwise the `APIProvider` labels). */
  labels?: Partial<Labels>;
  /**
   * The heading level of the form's name: a host page that has its own `h1` passes 2 (or lower).
   * @default 1
   */
  titleOrder?: 1 | 2 | 3 | 4 | 5 | 6;
}

/** Mantine's factory type of {@link SignDocument}: its props, root element and part names, for the Styles API's typing. */
export type SignDocumentFactory = Factory<{
  props: SignDocumentProps;
  ref: HTMLDivElement;
  stylesNames: SignDocumentStylesNames;
}>;

// Static class names (no stylesheet ships): hosts target `.ccq-SignDocument-page` or use `classNames`.
const classes: Record<SignDocumentStylesNames, string> = {
  root: 'ccq-SignDocument-root',
  header: 'ccq-SignDocument-header',
  title: 'ccq-SignDocument-title',
  message: 'ccq-SignDocument-message',
  document: 'ccq-SignDocument-document',
  page: 'ccq-SignDocument-page',
  place: 'ccq-SignDocument-place',
  signature: 'ccq-SignDocument-signature',
  actions: 'ccq-SignDocument-actions',
  result: 'ccq-SignDocument-result',
};

const defaultProps = { titleOrder: 1 } satisfies Partial<SignDocumentProps>;

type GetStyles = (part: SignDocumentStylesNames) => { className?: string; style?: CSSProperties };

interface Shared {
  labels: SignDocumentLabels;
  getStyles: GetStyles;
  titleOrder: 1 | 2 | 3 | 4 | 5 | 6;
  pdfWorkerSrc?: string;
}

/**
 * The signer's signing page, reached from a signing link (`/sign?token=…`): opens the link without sign-in, shows the
 * form's name, who signs, the sender's message and the expiry, draws the document with the places to sign outlined,
 * and lets the signer sign — drawn on a pad or typed and rendered in a handwriting-style font, after agreeing to sign
 * electronically — or decline with a reason. A link that is not valid, not yet the signer's turn, or for a document no
 * longer out for signature says so and what to do; a failed load offers 'Try again'. Router-free (the host passes the
 * token); works inside an `APIProvider`; phone-friendly.
 */
export const SignDocument = factory<SignDocumentFactory>((_props) => {
  const props = useProps('SignDocument', defaultProps, _props);
  const { token, onDone, onDeclined, pdfWorkerSrc, labels: labelOverrides, titleOrder, classNames, className, style, styles, unstyled, vars, attributes, ...others } =
    props;
  const getStyles = useStyles<SignDocumentFactory>({
    name: 'SignDocument',
    classes,
    props,
    className,
    style,
    classNames,
    styles,
    unstyled,
    vars,
    attributes,
  });
  const labels = useLabelGroup(signDocumentTexts, labelOverrides);
  const shared: Shared = { labels, getStyles, titleOrder, pdfWorkerSrc };
  return (
    <LabelsProvider labels={labels}>
      <Box {...getStyles('root')} {...others}>
        {/* A new link is a new session: nothing of the previous one (drawing, name, consent) carries over. */}
        <SigningSessionView key={token} token={token} onDone={onDone} onDeclined={onDeclined} shared={shared} />
      </Box>
    </LabelsProvider>
  );
});
SignDocument.displayName = '@ccq/forms-admin/SignDocument';

function SigningSessionView(props: { token: string; onDone?: SignDocumentProps['onDone']; onDeclined?: SignDocumentProps['onDeclined']; shared: Shared }) {
  const { token, onDone, onDeclined, shared } = props;
  const controller = useSignDocument({ token, onSigned: onDone, onDeclined });
  const { labels } = shared;
  switch (controller.status) {
    case 'loading':
      return (
        <>
          <title>{labels.sdLoading}</title>
          <LoadingState labelVisible labels={{ label: labels.sdLoading }} />
        </>
      );
    case 'problem':
      return <ProblemView problem={controller.problem as SigningProblem} controller={controller} shared={shared} />;
    case 'signed':
      return <ResultView envelope={controller.envelope} session={controller.session} kind="signed" shared={shared} />;
    case 'declined':
      return <ResultView envelope={controller.envelope} session={controller.session} kind="declined" shared={shared} />;
    default:
      return <ReviewAndSign session={controller.session as SigningSession} controller={controller} shared={shared} />;
  }
}

/**
 * The page's heading and the browser tab's title. After signing or declining the heading takes the focus, so that the
 * outcome is read next and the keyboard starts from the top of what is now on the page.
 */
function Heading({ text, shared, tabTitle, focus = false }: { text: string; shared: Shared; tabTitle?: string; focus?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <>
      <title>{tabTitle ?? text}</title>
      <Title ref={ref} tabIndex={focus ? -1 : undefined} order={shared.titleOrder} fz="h2" style={{ overflowWrap: 'anywhere' }} {...shared.getStyles('title')}>
        {text}
      </Title>
    </>
  );
}

function ProblemView({ problem, controller, shared }: { problem: SigningProblem; controller: SignDocumentController; shared: Shared }) {
  const { labels } = shared;
  if (problem.kind === 'failed') {
    return (
      <Stack gap="md" {...shared.getStyles('result')}>
        <Heading text={labels.sdLoadFailedTitle} shared={shared} />
        <ErrorAlert error={problem.error} onRetry={controller.retry} retrying={controller.retrying} />
      </Stack>
    );
  }
  if (problem.kind === 'alreadySigned' || problem.kind === 'alreadyDeclined') {
    // The signer reopened a link they used: what they did, and that nothing more is needed (no new link to ask for).
    const signed = problem.kind === 'alreadySigned';
    return (
      <Stack gap="md" {...shared.getStyles('result')} data-problem={problem.kind}>
        <Heading text={signed ? labels.sdDoneTitle : labels.sdDeclinedTitle} shared={shared} />
        <Alert color={signed ? 'green' : undefined} variant="light">
          <Stack gap="xs">
            <Text>{signed ? labels.sdAlreadySigned : labels.sdAlreadyDeclined}</Text>
            <Text>{labels.sdClosedHelp}</Text>
          </Stack>
        </Alert>
      </Stack>
    );
  }
  const invalid = problem.kind === 'invalid' || problem.kind === 'incomplete';
  const title = invalid ? labels.sdInvalidTitle : problem.kind === 'notYourTurn' ? labels.sdNotYourTurnTitle : labels.sdClosedTitle;
  const help = invalid ? labels.sdInvalidHelp : problem.kind === 'notYourTurn' ? labels.sdNotYourTurnHelp : labels.sdClosedHelp;
  return (
    <Stack gap="md" {...shared.getStyles('result')} data-problem={problem.kind}>
      <Heading text={title} shared={shared} />
      <Alert color={invalid ? 'red' : undefined} variant="light">
        <Stack gap="xs">
          {problem.kind === 'incomplete' ? <Text>{labels.sdLinkIncomplete}</Text> : null}
          {/* The server's own sentence says exactly what is wrong (e.g. which signers sign first). */}
          {problem.detail ? <Text>{problem.detail}</Text> : null}
          <Text>{help}</Text>
        </Stack>
      </Alert>
    </Stack>
  );
}

/** A date of the session as milliseconds, or null when absent or not a date. */
function timeOf(value: Date | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const time = (value instanceof Date ? value : new Date(value)).getTime();
  return Number.isNaN(time) ? null : time;
}

/** A deadline as the signer reads it (the `deadline` way, its zone said), or null without one. */
const formatDate = (value: Date | string | null | undefined, locale: string | undefined): string | null => formatMoment(value, locale, 'deadline') || null;

function base64Bytes(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function ReviewAndSign({ session, controller, shared }: { session: SigningSession; controller: SignDocumentController; shared: Shared }) {
  const { labels, getStyles } = shared;
  const name = session.formName || labels.sdUntitled;
  const locale = useLocale();
  // The signer's deadline: the envelope's expiry, or their link's end when it comes first (a backend that does not
  // say when its links end: the envelope's expiry).
  const envelopeEnd = timeOf(session.expiresAt);
  const linkEnd = timeOf(session.linkExpiresAt);
  const linkEndsFirst = linkEnd !== null && (envelopeEnd === null || linkEnd < envelopeEnd);
  const expires = formatDate(session.expiresAt, locale);
  const linkExpires = formatDate(session.linkExpiresAt, locale);
  const data = useMemo(() => {
    try {
      return base64Bytes(session.documentBase64);
    } catch {
      return new Uint8Array();
    }
  }, [session.documentBase64]);
  const firstPlace = useRef<HTMLElement | null>(null);
  const setFirstPlace = useCallback((element: HTMLElement | null) => {
    firstPlace.current = element;
  }, []);
  const jump = () => {
    const element = firstPlace.current;
    if (!element) return;
    if (typeof element.scrollIntoView === 'function') element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'smooth' });
    element.focus({ preventScroll: true });
  };
  const documentHeadingId = useId();
  const [zoom, setZoom] = useState<SigningZoom>('fit');

  return (
    <Stack gap="lg" style={{ ...READABLE_FORM_COLORS, minWidth: 0 }}>
      <Stack gap="xs" {...getStyles('header')}>
        <Heading text={name} shared={shared} tabTitle={fillLabel(labels.sdPageTitle, { name })} />
        <Text style={{ overflowWrap: 'anywhere' }}>{fillLabel(labels.sdSigner, { name: session.signerName, email: session.signerEmail })}</Text>
        {linkEndsFirst && linkExpires ? (
          <Text>{expires ? fillLabel(labels.sdLinkExpires, { date: linkExpires, until: expires }) : fillLabel(labels.sdExpires, { date: linkExpires })}</Text>
        ) : expires ? (
          <Text>{fillLabel(labels.sdExpires, { date: expires })}</Text>
        ) : null}
        {session.emailMessage ? (
          <Paper withBorder p="sm" radius="sm" {...getStyles('message')}>
            <Text fw={700} size="sm">
              {labels.sdMessageTitle}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{session.emailMessage}</Text>
          </Paper>
        ) : null}
      </Stack>

      <Box component="section" aria-labelledby={documentHeadingId} {...getStyles('document')}>
        <Group justify="space-between" align="center" gap="sm" mb="sm">
          <Title order={Math.min(6, shared.titleOrder + 1) as 2} fz="h3" id={documentHeadingId}>
            {labels.sdDocumentTitle}
          </Title>
          {session.places.length > 0 ? (
            <Button variant="default" size="sm" onClick={jump}>
              {labels.sdJumpToPlace}
            </Button>
          ) : null}
        </Group>
        {/* A phone draws the page small: the signer zooms in and scrolls the pages sideways in their own box. */}
        <Group role="group" aria-label={labels.sdZoom} gap={4} mb="sm" wrap="wrap">
          <Text component="span" size="sm" fw={500} aria-hidden="true" mr={4}>
            {labels.sdZoom}
          </Text>
          {ZOOMS.map((option) => (
            <Button
              key={option.label}
              size="compact-sm"
              variant={zoom === option.zoom ? 'filled' : 'default'}
              aria-pressed={zoom === option.zoom}
              onClick={() => setZoom(option.zoom)}
            >
              {labels[option.label]}
            </Button>
          ))}
        </Group>
        <Text size="sm" mb="sm">
          {session.places.length === 0 ? labels.sdNoPlaces : fillCount(labels.sdPlacesCount, labels.sdPlacesCountOne, session.places.length, locale)}
        </Text>
        <Suspense fallback={<LoadingState labelVisible labels={{ label: labels.sdPagesLoading }} />}>
          <SigningPages
            data={data}
            places={session.places}
            labels={labels}
            zoom={zoom}
            workerSrc={shared.pdfWorkerSrc}
            firstPlaceRef={setFirstPlace}
            pageProps={getStyles('page')}
            placeProps={getStyles('place')}
          />
        </Suspense>
      </Box>

      <SignatureForm session={session} controller={controller} shared={shared} />
    </Stack>
  );
}

type Method = 'draw' | 'type';

function SignatureForm({ session, controller, shared }: { session: SigningSession; controller: SignDocumentController; shared: Shared }) {
  const { labels, getStyles } = shared;
  const locale = useLocale();
  const [method, setMethod] = useState<Method>('draw');
  const [drawn, setDrawn] = useState<string | null>(null);
  const [typedName, setTypedName] = useState(session.signerName);
  const [consent, setConsent] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  const [declineOpen, setDeclineOpen] = useState(false);
  const headingId = useId();
  const reasonsId = useId();

  const ratio = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  const typedImage = useMemo(() => renderTypedSignature(typedName, ratio), [typedName, ratio]);
  const trimmedName = typedName.trim();
  const nameTooLong = trimmedName.length > SIGNING_LIMITS.maxNameLength;

  const missing: string[] = [];
  if (method === 'draw' && !drawn) missing.push(labels.sdNeedDrawing);
  if (method === 'type' && (trimmedName === '' || !typedImage)) missing.push(labels.sdNeedName);
  if (!consent) missing.push(labels.sdNeedConsent);
  const ready = missing.length === 0 && !(method === 'type' && nameTooLong) && !controller.signing;

  const submit = async () => {
    if (!ready) return;
    const image = method === 'draw' ? drawn : typedImage;
    if (!image) return;
    if (!withinImageLimit(image)) {
      setLocalError(fillNumbers(labels.sdImageTooLarge, { max: SIGNING_LIMITS.maxSignatureImageBytes }, locale));
      return;
    }
    setLocalError(null);
    await controller.sign(method === 'draw' ? { kind: 'drawn', image } : { kind: 'typed', image, typedName: trimmedName });
  };

  const signError = controller.signError ? describeError(controller.signError, labels) : null;
  return (
    <Box component="section" aria-labelledby={headingId} {...getStyles('signature')}>
      <Stack gap="md">
        <Title order={Math.min(6, shared.titleOrder + 1) as 2} fz="h3" id={headingId}>
          {labels.sdSignTitle}
        </Title>
        <Tabs value={method} onChange={(value) => setMethod(value === 'type' ? 'type' : 'draw')} keepMounted>
          <Tabs.List aria-label={labels.sdMethod}>
            <Tabs.Tab value="draw">{labels.sdDraw}</Tabs.Tab>
            <Tabs.Tab value="type">{labels.sdType}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="draw" pt="md">
            <DrawnSignature labels={labels} onChange={setDrawn} disabled={controller.signing} />
          </Tabs.Panel>
          <Tabs.Panel value="type" pt="md">
            <Stack gap="sm">
              <TextInput
                label={labels.sdTypedName}
                value={typedName}
                onChange={(event) => setTypedName(event.currentTarget.value)}
                autoComplete="name"
                disabled={controller.signing}
                error={nameTooLong ? fillNumbers(labels.sdNameTooLong, { length: trimmedName.length, max: SIGNING_LIMITS.maxNameLength }, locale) : undefined}
              />
              <Box
                style={{
                  background: '#fff',
                  border: '1px solid var(--mantine-color-gray-6)',
                  borderRadius: 'var(--mantine-radius-sm)',
                  minHeight: 96,
                  display: 'flex',
                  alignItems: 'center',
                  padding: 8,
                  overflow: 'hidden',
                }}
              >
                {typedImage && trimmedName ? (
                  <img
                    src={typedImage}
                    alt={fillLabel(labels.sdTypedPreview, { name: trimmedName })}
                    style={{ maxWidth: '100%', maxHeight: 96, height: 'auto' }}
                  />
                ) : null}
              </Box>
            </Stack>
          </Tabs.Panel>
        </Tabs>

        <Checkbox label={labels.sdConsent} checked={consent} onChange={(event) => setConsent(event.currentTarget.checked)} disabled={controller.signing} />

        {signError ? (
          <Alert color="red" variant="light" title={labels.sdSignFailed} role="alert">
            {signError.message}
          </Alert>
        ) : null}
        {localError ? (
          <Alert color="red" variant="light" title={labels.sdSignFailed} role="alert">
            {localError}
          </Alert>
        ) : null}

        <Group gap="sm" {...getStyles('actions')}>
          <Button
            onClick={() => void submit()}
            aria-disabled={!ready || undefined}
            data-disabled={!ready || undefined}
            aria-describedby={missing.length ? reasonsId : undefined}
            loading={controller.signing}
          >
            {labels.sdSign}
          </Button>
          <Button variant="default" onClick={() => setDeclineOpen(true)} disabled={controller.signing}>
            {labels.sdDecline}
          </Button>
        </Group>
        {missing.length ? (
          <Box id={reasonsId}>
            <Text size="sm">{labels.sdNotReady}</Text>
            <List size="sm" withPadding>
              {missing.map((reason) => (
                <List.Item key={reason}>{reason}</List.Item>
              ))}
            </List>
          </Box>
        ) : null}
      </Stack>
      <DeclineDialog opened={declineOpen} onClose={() => setDeclineOpen(false)} controller={controller} labels={labels} />
    </Box>
  );
}

function DeclineDialog({ opened, onClose, controller, labels }: { opened: boolean; onClose(): void; controller: SignDocumentController; labels: SignDocumentLabels }) {
  const locale = useLocale();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  // Required, and at most the server's length: a reason too long is said as it is typed, the text kept whole.
  const trimmed = reason.trim();
  const error =
    trimmed.length > SIGNING_LIMITS.maxReasonLength
      ? fillNumbers(labels.sdDeclineReasonTooLong, { length: trimmed.length, max: SIGNING_LIMITS.maxReasonLength }, locale)
      : tried && trimmed === ''
        ? labels.sdDeclineReasonRequired
        : null;
  const close = () => {
    if (controller.declining) return;
    setTried(false);
    controller.resetDeclineError();
    onClose();
  };
  const confirm = async () => {
    setTried(true);
    if (trimmed === '' || trimmed.length > SIGNING_LIMITS.maxReasonLength) return;
    await controller.decline(trimmed);
  };
  const failure = controller.declineError ? describeError(controller.declineError, labels) : null;
  return (
    <Modal opened={opened} onClose={close} title={labels.sdDeclineTitle} centered closeButtonProps={{ 'aria-label': labels.sdCloseDialog, disabled: controller.declining }}>
      <Stack gap="md" style={READABLE_FORM_COLORS}>
        <Text size="sm">{labels.sdDeclineMessage}</Text>
        <Textarea
          label={labels.sdDeclineReason}
          required
          autosize
          minRows={3}
          maxRows={8}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={error}
          data-autofocus
        />
        {failure ? (
          <Alert color="red" variant="light" title={labels.sdDeclineFailed} role="alert">
            {failure.message}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={controller.declining}>
            {labels.sdCancel}
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={controller.declining}>
            {labels.sdDeclineConfirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ResultView(props: { envelope: SigningEnvelope | null; session: SigningSession | null; kind: 'signed' | 'declined'; shared: Shared }) {
  const { envelope, session, kind, shared } = props;
  const { labels } = shared;
  const locale = useLocale();
  let body: ReactNode;
  if (kind === 'signed') {
    const remaining = envelope ? envelope.signers.filter((s) => s.status !== 'Signed').length : 0;
    const complete = !envelope || remaining === 0;
    body = (
      <>
        <Text>{labels.sdDone}</Text>
        <Text>{complete ? labels.sdDoneComplete : fillCount(labels.sdDoneOthers, labels.sdDoneOthersOne, remaining, locale)}</Text>
      </>
    );
  } else {
    body = (
      <>
        <Text>{labels.sdDeclined}</Text>
        <Text>{labels.sdDeclinedHelp}</Text>
      </>
    );
  }
  return (
    <Stack gap="md" {...shared.getStyles('result')} data-result={kind}>
      <Heading text={session?.formName || labels.sdUntitled} shared={shared} focus />
      <Alert
        color={kind === 'signed' ? 'green' : 'gray'}
        variant="light"
        title={kind === 'signed' ? labels.sdDoneTitle : labels.sdDeclinedTitle}
        role="status"
        // Mantine's light alert draws the title in shade 8 of the colour (green: 3.8:1 on its tint): the text colour reads.
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
      >
        <Stack gap="xs">{body}</Stack>
      </Alert>
    </Stack>
  );
}
