import { ActionIcon, Alert, Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { SignatureRequest } from '../../api/types';
import { needsValidData } from '../../domain/forms';
import { SIGNING_LIMITS, isSignerEmail } from '../../domain/signing';
import type { SuggestedSigner } from '../../domain/signing/signer-suggestion';
import { fillNumbers } from '../../labels/format';
import { fillLabel, type Labels } from '../../query/labels';
import { useLocale } from '../../query/useLocale';
import { READABLE_FORM_COLORS } from '../../ui/contrast';
import { NothingFound } from '../../ui/NothingFound';
import type { SigningInstance } from './useSigningList';

/** The reminder schedules the dialog offers, in days. */
const REMINDER_CHOICES: readonly number[] = [1, 2, 3, 7, 14];

/** One row of the signers editor. */
export interface SignerDraft {
  /** A key of the row while it is edited (never sent). */
  key: number;
  name: string;
  email: string;
  routingOrder: number;
}

/** The problems of the signer rows, by row key and field; empty when the rows can be sent. */
export function signerProblems(signers: readonly SignerDraft[], labels: Labels, locale?: string): Map<string, string> {
  const problems = new Map<string, string>();
  const seen = new Set<string>();
  for (const s of signers) {
    const name = s.name.trim();
    if (name === '') problems.set(`${s.key}.name`, labels.sgNameRequired);
    // The server's own bound: said here, where the browser's `maxLength` cut a longer name pasted without a word.
    else if (name.length > SIGNING_LIMITS.maxNameLength) {
      problems.set(`${s.key}.name`, fillNumbers(labels.sgNameTooLong, { max: SIGNING_LIMITS.maxNameLength, count: name.length }, locale));
    }
    const email = s.email.trim().toLowerCase();
    // The server's own rule (isSignerEmail), so the dialog says it before the server refuses the request.
    if (email === '') problems.set(`${s.key}.email`, labels.sgEmailRequired);
    else if (email.length > SIGNING_LIMITS.maxEmailLength) {
      problems.set(`${s.key}.email`, fillNumbers(labels.sgEmailTooLong, { max: SIGNING_LIMITS.maxEmailLength, count: email.length }, locale));
    } else if (!isSignerEmail(email)) problems.set(`${s.key}.email`, labels.sgEmailInvalid);
    else if (seen.has(email)) problems.set(`${s.key}.email`, labels.sgEmailTwice);
    seen.add(email);
  }
  return problems;
}

/**
 * Moves the row at `index` by `delta` (-1 up, +1 down): the two rows swap places and routing orders, so the order of
 * signing follows the order on screen.
 */
export function moveSigner(signers: readonly SignerDraft[], index: number, delta: -1 | 1): SignerDraft[] {
  const other = index + delta;
  if (other < 0 || other >= signers.length) return [...signers];
  const next = [...signers];
  const a = next[index] as SignerDraft;
  const b = next[other] as SignerDraft;
  next[index] = { ...b, routingOrder: a.routingOrder };
  next[other] = { ...a, routingOrder: b.routingOrder };
  return next;
}

export interface RequestSignatureDialogProps {
  opened: boolean;
  labels: Labels;
  /** The form instances offered (the Signing screen reads them while the dialog is open). */
  instances?: { data: readonly SigningInstance[]; isLoading: boolean };
  /**
   * The one form instance the request is for, when the caller already knows it (a row of the Form Instances list):
   * the dialog shows it chosen and offers no other.
   */
  instance?: SigningInstance;
  /**
   * An earlier request of the same instance to send again (one declined, voided or expired): the dialog opens with its
   * signers, in their order, and its message, for the person sending to check and change. Give the same object while
   * the dialog is open: a new one starts the rows again.
   */
  again?: RequestAgain | null;
  /** Called with the form instance chosen (null when none is), so the caller can read the signer its answers name. */
  onInstanceChange?(formInstanceId: string | null): void;
  onClose(): void;
  /** Sends the request; resolves true when the server accepted it. */
  onSubmit(request: SignatureRequest): Promise<boolean>;
  className?: string;
}

/** What a request sent again starts from: the earlier envelope's signers and message (an envelope is one). */
export interface RequestAgain {
  signers: readonly { name: string; email: string; routingOrder: number }[];
  emailMessage?: string | null;
}

const NO_INSTANCES = { data: [], isLoading: false } as const;

function instanceLabel(instance: SigningInstance): string {
  const short = instance.formInstanceId.slice(-8);
  return instance.formName ? `${instance.formName} ${short}` : short;
}

/** Today as `yyyy-mm-dd` in the user's time zone (the date input's format). */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/**
 * The 'Request a signature' dialog: the form instance, the signers (name, email and order; rows added, removed and
 * moved with buttons), a message, an optional expiry day (the envelope expires at the end of that day) and a reminder
 * schedule (every N days until signed or expired; by default the server's automatic reminders).
 */
export function RequestSignatureDialog({ opened, labels, instances = NO_INSTANCES, instance, again, onInstanceChange, onClose, onSubmit, className }: RequestSignatureDialogProps) {
  const [chosenId, setChosenId] = useState<string | null>(null);
  const setInstanceId = (id: string | null) => {
    setChosenId(id);
    onInstanceChange?.(id);
  };
  const instanceId = instance ? instance.formInstanceId : chosenId;
  const offered = instance ? [instance] : instances.data;
  const [signers, setSigners] = useState<SignerDraft[]>([{ key: 1, name: '', email: '', routingOrder: 1 }]);
  const [nextKey, setNextKey] = useState(2);
  const [message, setMessage] = useState('');
  const [expires, setExpires] = useState('');
  const [remindEvery, setRemindEvery] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  // A request sent again opens with the earlier signers and message (once each time it opens).
  useEffect(() => {
    if (!opened || !again) return;
    const rows = [...again.signers].sort((a, b) => a.routingOrder - b.routingOrder);
    if (rows.length === 0) return;
    setSigners(rows.map((s, i) => ({ key: i + 1, name: s.name, email: s.email, routingOrder: s.routingOrder })));
    setNextKey(rows.length + 1);
    setMessage(again.emailMessage ?? '');
  }, [opened, again]);
  /** Sends refused here for what is missing or wrong; each one moves the focus to the first box that says so. */
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  // The signer the chosen instance's answers name starts the first row while the rows are untouched (empty, or as the
  // last suggestion left them: another instance chosen replaces its signer, or empties the row); the person sending
  // checks it (the note under the rows says where it came from while the first row still holds its name or its email).
  // Whether the rows are untouched is decided on the rows the update applies to, so a name typed just before the
  // answers arrive is kept.
  const chosen = instance ?? offered.find((i) => i.formInstanceId === instanceId);
  const suggested = chosen?.suggestedSigner ?? null;
  const first = signers[0];
  const fromAnswers = suggested !== null && first !== undefined && (first.name === suggested.name || first.email === suggested.email);
  const filled = useRef<SuggestedSigner | null>(null);
  useEffect(() => {
    if (!opened) return;
    const last = filled.current;
    filled.current = suggested;
    if (suggested === null && last === null) return;
    setSigners((rows) => {
      const only = rows.length === 1 ? rows[0] : undefined;
      if (!only) return rows;
      const untouched = (only.name === '' && only.email === '') || (last !== null && only.name === last.name && only.email === last.email);
      return untouched ? [{ ...only, name: suggested?.name ?? '', email: suggested?.email ?? '' }] : rows;
    });
  }, [opened, suggested]);

  const reset = () => {
    filled.current = null;
    setInstanceId(null);
    setSigners([{ key: 1, name: '', email: '', routingOrder: 1 }]);
    setNextKey(2);
    setMessage('');
    setExpires('');
    setRemindEvery(null);
    setTried(false);
  };
  const close = () => {
    if (sending) return;
    reset();
    onClose();
  };

  const locale = useLocale();
  const problems = signerProblems(signers, labels, locale);
  const expiresPast = expires !== '' && expires <= today();
  // The server's bound on the message, said as it is typed (the browser's `maxLength` cut a longer one pasted).
  const messageLength = message.trim().length;
  const messageProblem =
    messageLength > SIGNING_LIMITS.maxMessageLength
      ? fillNumbers(labels.sgMessageTooLong, { max: SIGNING_LIMITS.maxMessageLength, count: messageLength }, locale)
      : null;
  const problemOf = (key: number, field: 'name' | 'email') => (tried ? problems.get(`${key}.${field}`) : undefined);
  const update = (key: number, patch: Partial<SignerDraft>) => setSigners((rows) => rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const submit = async () => {
    setTried(true);
    if (!instanceId || problems.size > 0 || expiresPast || messageProblem !== null) {
      setRefusals((n) => n + 1);
      return;
    }
    setSending(true);
    try {
      const request: SignatureRequest = {
        formInstanceId: instanceId,
        signers: signers.map((s) => ({ name: s.name.trim(), email: s.email.trim(), routingOrder: s.routingOrder })),
        ...(message.trim() ? { emailMessage: message.trim() } : {}),
        // The end of the chosen day, in the user's time zone.
        ...(expires ? { expiresAt: new Date(`${expires}T23:59:59`).toISOString() } : {}),
        ...(remindEvery ? { reminderEveryDays: Number(remindEvery) } : {}),
      };
      if (await onSubmit(request)) reset();
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={labels.sgRequestTitle} size="xl" closeButtonProps={{ 'aria-label': labels.close }} className={className}>
      <form
        ref={formRef}
        noValidate
        style={READABLE_FORM_COLORS}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Select
            label={labels.sgInstance}
            placeholder={labels.sgInstancePlaceholder}
            data={offered.map((i) => ({ value: i.formInstanceId, label: instanceLabel(i) }))}
            value={instanceId}
            onChange={setInstanceId}
            searchable
            required
            readOnly={Boolean(instance)}
            // The dialog opens on the first thing to fill: the instance, or, when the instance is given, the first
            // signer's name (not the Close button). The list opens with ↓ or typing, not on that focus; while the
            // instances load it says so instead of 'nothing found'.
            data-autofocus={instance ? undefined : true}
            openOnFocus={false}
            error={tried && !instanceId ? labels.sgInstanceRequired : undefined}
            nothingFoundMessage={<NothingFound>{!instance && instances.isLoading ? labels.loading : labels.sgInstanceNothingFound}</NothingFound>}
            comboboxProps={{ withinPortal: true }}
          />
          {chosen?.status !== undefined && !needsValidData(chosen.status) && (
            // Not submitted yet (the statuses of submitted answers are those that need valid data). A warning, not a
            // refusal: a form filled in by staff, or pre-filled by the host, may be signed as it is.
            <Alert color="yellow" variant="light" title={null}>
              <Text size="sm">{labels.sgNotSubmittedNote}</Text>
            </Alert>
          )}
          <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
            <Text component="legend" fw={600} size="sm">
              {labels.sgSigners}
            </Text>
            <Text size="sm" mb="xs">
              {labels.sgSignersHelp}
            </Text>
            {fromAnswers && !again && (
              <Text size="sm" mb="xs">
                {labels.sgSignerFromAnswers}
              </Text>
            )}
            {again && (
              <Text size="sm" mb="xs">
                {labels.sgRequestAgainNote}
              </Text>
            )}
            <Stack gap="xs">
              {signers.map((s, index) => {
                const n = index + 1;
                return (
                  // The row wraps: on a phone the name and the email take a line each (at least 10rem), the order
                  // and the buttons the next; on a wide screen all stay on one line.
                  <Group key={s.key} gap="xs" align="flex-start" wrap="wrap" role="group" aria-label={fillLabel(labels.sgSignerRow, { index: n })}>
                    <TextInput
                      label={labels.sgSignerName}
                      value={s.name}
                      onChange={(e) => update(s.key, { name: e.currentTarget.value })}
                      data-autofocus={instance && index === 0 ? true : undefined}
                      error={problemOf(s.key, 'name')}
                      required
                      style={{ flex: '1 1 10rem' }}
                    />
                    <TextInput
                      label={labels.sgSignerEmail}
                      type="email"
                      value={s.email}
                      onChange={(e) => update(s.key, { email: e.currentTarget.value })}
                      error={problemOf(s.key, 'email')}
                      required
                      style={{ flex: '1 1 10rem' }}
                    />
                    <NumberInput
                      label={labels.sgSignerOrder}
                      value={s.routingOrder}
                      onChange={(v) => update(s.key, { routingOrder: typeof v === 'number' && v >= 1 ? Math.floor(v) : 1 })}
                      min={1}
                      max={SIGNING_LIMITS.maxRoutingOrder}
                      allowDecimal={false}
                      w={90}
                    />
                    <Group gap={4} mt={26} wrap="nowrap">
                      <ActionIcon variant="default" aria-label={fillLabel(labels.sgMoveSignerUp, { index: n })} disabled={index === 0} onClick={() => setSigners((rows) => moveSigner(rows, index, -1))}>
                        ↑
                      </ActionIcon>
                      <ActionIcon
                        variant="default"
                        aria-label={fillLabel(labels.sgMoveSignerDown, { index: n })}
                        disabled={index === signers.length - 1}
                        onClick={() => setSigners((rows) => moveSigner(rows, index, 1))}
                      >
                        ↓
                      </ActionIcon>
                      <ActionIcon
                        variant="default"
                        aria-label={fillLabel(labels.sgRemoveSigner, { index: n })}
                        disabled={signers.length === 1}
                        onClick={() => setSigners((rows) => rows.filter((r) => r.key !== s.key))}
                      >
                        ×
                      </ActionIcon>
                    </Group>
                  </Group>
                );
              })}
            </Stack>
            <Button
              variant="default"
              mt="xs"
              disabled={signers.length >= SIGNING_LIMITS.maxSigners}
              onClick={() => {
                setSigners((rows) => [...rows, { key: nextKey, name: '', email: '', routingOrder: Math.max(0, ...rows.map((r) => r.routingOrder)) + 1 }]);
                setNextKey((k) => k + 1);
              }}
            >
              {labels.sgAddSigner}
            </Button>
          </fieldset>
          <Textarea label={labels.sgMessage} value={message} onChange={(e) => setMessage(e.currentTarget.value)} error={messageProblem} autosize minRows={2} maxRows={8} />
          <TextInput
            type="date"
            label={labels.sgExpires}
            description={labels.sgExpiresHelp}
            value={expires}
            min={today()}
            onChange={(e) => setExpires(e.currentTarget.value)}
            error={tried && expiresPast ? labels.sgExpiresPast : undefined}
            w={240}
          />
          <Select
            label={labels.sgReminderEvery}
            description={labels.sgReminderEveryHelp}
            data={[
              { value: '', label: labels.sgReminderDefault },
              ...REMINDER_CHOICES.map((days) => ({ value: String(days), label: days === 1 ? labels.sgReminderDaily : fillLabel(labels.sgReminderDays, { days }) })),
            ]}
            value={remindEvery ?? ''}
            onChange={(value) => setRemindEvery(value ? value : null)}
            allowDeselect={false}
            w={320}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={sending}>
              {labels.cancel}
            </Button>
            <Button type="submit" loading={sending}>
              {labels.sgSend}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
