import { Alert, List, ScrollArea, Stack, Text } from '@mantine/core';
import type { PdfActionKind, PdfImportCleanup, PdfRemovedAction } from '../../api/types';
import { fillCount } from '../../labels/format';
import { fillLabel, type Labels } from '../../query/labels';
import { useLocale } from '../../query/useLocale';

/** The label key of each kind of removed action. */
const KIND_KEYS: Readonly<Record<PdfActionKind, keyof Labels>> = {
  javascript: 'piActionKind_javascript',
  launch: 'piActionKind_launch',
  'submit-form': 'piActionKind_submitForm',
  'import-data': 'piActionKind_importData',
  uri: 'piActionKind_uri',
  'remote-goto': 'piActionKind_remoteGoto',
  'embedded-file': 'piActionKind_embeddedFile',
  media: 'piActionKind_media',
  xfa: 'piActionKind_xfa',
  other: 'piActionKind_other',
};

/** One removed action in words: what it was and where ("A script (JavaScript) in the field 'SSN' (2 times)"). */
export function removedActionText(action: PdfRemovedAction, labels: Labels, fieldLabel: (name: string) => string): string {
  const kind = labels[KIND_KEYS[action.kind]] ?? action.kind;
  const placeKey = `piActionPlace_${action.place}` as keyof Labels;
  const place = fillLabel(labels[placeKey] ?? action.place, { page: action.page ?? 1, field: action.field ? fieldLabel(action.field) : '' });
  return fillLabel(action.count > 1 ? labels.piRemovedActionTimes : labels.piRemovedAction, { kind, place, count: action.count });
}

/** Props of {@link PdfCleanupNotice}. */
export interface PdfCleanupNoticeProps {
  cleanup: PdfImportCleanup | undefined;
  labels: Labels;
  /** A PDF field's label on the generated form (its name when it has none there). */
  fieldLabel(name: string): string;
}

/**
 * What the import removed from the uploaded file: the values its fields arrived with (cleared) and the actions that
 * could run or open something (removed), each listed. Renders nothing when the file held neither.
 */
export function PdfCleanupNotice({ cleanup, labels, fieldLabel }: PdfCleanupNoticeProps) {
  const locale = useLocale();
  if (!cleanup || (cleanup.clearedValues.length === 0 && cleanup.removedActions.length === 0)) return null;
  const actions = cleanup.removedActions.reduce((n, a) => n + a.count, 0);
  return (
    <Alert title={labels.piCleanupTitle}>
      <Stack gap="xs">
        {cleanup.clearedValues.length > 0 && (
          <>
            {/* A list taller than its box scrolls; its viewport takes the focus, so the keyboard can scroll it too. */}
            <Text size="sm">{fillCount(labels.piClearedValues, labels.piClearedValuesOne, cleanup.clearedValues.length, locale)}</Text>
            <ScrollArea.Autosize mah={120} type="auto" offsetScrollbars viewportProps={{ tabIndex: 0 }}>
              <List size="sm" spacing={2}>
                {cleanup.clearedValues.map((v) => (
                  <List.Item key={v.field}>{fieldLabel(v.field)}</List.Item>
                ))}
              </List>
            </ScrollArea.Autosize>
          </>
        )}
        {cleanup.removedActions.length > 0 && (
          <>
            <Text size="sm">{fillCount(labels.piRemovedActions, labels.piRemovedActionsOne, actions, locale)}</Text>
            <ScrollArea.Autosize mah={120} type="auto" offsetScrollbars viewportProps={{ tabIndex: 0 }}>
              <List size="sm" spacing={2}>
                {cleanup.removedActions.map((a, i) => (
                  <List.Item key={`${a.kind}-${a.place}-${a.page ?? ''}-${a.field ?? ''}-${i}`}>{removedActionText(a, labels, fieldLabel)}</List.Item>
                ))}
              </List>
            </ScrollArea.Autosize>
          </>
        )}
      </Stack>
    </Alert>
  );
}
