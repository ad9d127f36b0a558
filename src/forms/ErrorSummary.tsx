import { Anchor, List, Paper, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { FormEngine, FormError } from '../engine/engine';
import { fieldDomId, sectionDomId, useFormStateSlice } from './context';
import type { FormLabels } from './labels';

/** The DOM id an error links to (its field, or its repeatable section), or null for data outside the layout. */
export function errorTargetId(idPrefix: string, error: FormError): string | null {
  if (error.fieldId !== null) return fieldDomId(idPrefix, error.fieldId, error.itemIndex);
  if (error.sectionId !== null) return sectionDomId(idPrefix, error.sectionId);
  return null;
}

/**
 * The GOV.UK error summary: shown at the top after a page check or a submit finds problems, focused so screen readers
 * announce it, one link per problem with the same words as the message at the field. A problem fixed leaves the list
 * as soon as its field no longer shows it; the summary goes away when nothing is left.
 */
export function ErrorSummary({
  engine,
  labels,
  idPrefix,
  onNavigate,
}: {
  engine: FormEngine;
  labels: FormLabels;
  idPrefix: string;
  onNavigate: (error: FormError) => void;
}) {
  const summary = useFormStateSlice(engine, (state) => state.summary);
  const checkCount = useFormStateSlice(engine, (state) => state.checkCount);
  const box = useRef<HTMLDivElement>(null);

  // Focus moves to the summary after a check only: as fields get fixed the list shrinks under the user's cursor, and
  // taking the focus away from the field they are typing in would be worse than a stale list.
  useEffect(() => {
    if (checkCount > 0 && engine.getFormState().summary) box.current?.focus();
  }, [checkCount, engine]);

  if (!summary || summary.length === 0) return null;
  const titleId = `${idPrefix}-error-summary-title`;
  return (
    <Paper
      ref={box}
      tabIndex={-1}
      role="alert"
      aria-labelledby={titleId}
      withBorder
      p="md"
      mb="md"
      style={{ borderColor: 'var(--mantine-color-error)', borderWidth: 3 }}
    >
      <Title order={2} fz="lg" id={titleId} mb="xs">
        {labels.errorSummaryTitle}
      </Title>
      <List spacing={4}>
        {summary.map((error, i) => {
          const target = errorTargetId(idPrefix, error);
          return (
            <List.Item key={`${error.key}-${i}`}>
              {/* The field's name gives the message its context; the link says exactly what the field says. */}
              {error.label ? (
                <Text component="span" fw={600}>
                  {error.itemIndex === null ? error.label : `${error.label} (${error.itemIndex + 1})`}
                  {': '}
                </Text>
              ) : null}
              {target ? (
                <Anchor
                  href={`#${target}`}
                  c="var(--mantine-color-error)"
                  fw={600}
                  onClick={(event) => {
                    event.preventDefault();
                    onNavigate(error);
                  }}
                >
                  {error.message}
                </Anchor>
              ) : (
                <Text c="var(--mantine-color-error)" fw={600} component="span">
                  {error.message}
                </Text>
              )}
            </List.Item>
          );
        })}
      </List>
    </Paper>
  );
}

/** Focuses a field by DOM id (its first control when the id is on a group) and scrolls its label into view. */
export function focusField(id: string): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  const focusable = element.matches('input, select, textarea, button')
    ? element
    : element.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea, button, [tabindex]');
  (focusable ?? element).focus({ preventScroll: true });
  const wrapper = element.closest<HTMLElement>('fieldset, [class*="InputWrapper-root"], [data-lite]') ?? element;
  wrapper.scrollIntoView?.({ block: 'center' });
  return true;
}
