import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { eq } from '../api/odata';
import type { Form } from '../api/types';
import { useCan } from '../permissions/useCan';
import type { Labels } from '../query/labels';
import { entityQueries } from '../query/queries';
import { useApi } from '../query/useApi';
import type { FormDraft } from '../engine/draft-check';
import { copyOfForm, FORM_TEMPLATES } from './templates';

/** Props of {@link StartFrom}. */
export interface StartFromProps {
  labels: Labels;
  /** A starting point was chosen: the builder replaces its document with it (one undoable step). */
  onStart(draft: FormDraft): void;
  /** 'Import a PDF form': shown only when the host offers it and the user holds FormGenerator UploadPdf. */
  onImportPdf?: () => void;
}

/**
 * What a new, empty form can start from: a sample form, a copy of an existing form's current version (read from the
 * server when chosen), or a PDF the host imports.
 */
export function StartFrom({ labels, onStart, onImportPdf }: StartFromProps) {
  const { client } = useApi();
  const mayImportPdf = useCan('FormGenerator_UploadPdf').can;
  const [copying, setCopying] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);
  const forms = useQuery(entityQueries.forms(client, { filter: eq<Form>('isDeleted', false), orderBy: [['name', 'asc']] }));
  const formOptions = (forms.data?.value ?? []).filter((f) => f.currentFormSchemaId).map((f) => ({ value: f.formId, label: f.name }));

  const copy = async (formId: string | null) => {
    if (!formId) return;
    setCopying(true);
    setCopyFailed(false);
    try {
      const copied = await copyOfForm(client, formId);
      if (copied) onStart(copied.draft);
      else setCopyFailed(true);
    } catch {
      setCopyFailed(true);
    } finally {
      setCopying(false);
    }
  };

  return (
    <Stack gap="xs" align="center">
      <Group gap="xs" justify="center">
        {FORM_TEMPLATES.filter((t) => t.id !== 'blank').map((t) => (
          <Button key={t.id} variant="light" size="xs" onClick={() => onStart(t.create(labels))}>
            {labels[t.nameLabel]}
          </Button>
        ))}
        {onImportPdf && mayImportPdf && (
          <Button variant="default" size="xs" onClick={onImportPdf}>
            {labels.piTitle}
          </Button>
        )}
      </Group>
      {formOptions.length > 0 && (
        <Select
          size="xs"
          w={280}
          searchable
          label={labels.fbCopyOfForm}
          placeholder={labels.fbCopyOfFormPlaceholder}
          data={formOptions}
          value={null}
          disabled={copying}
          onChange={(value) => void copy(value)}
        />
      )}
      {copyFailed && (
        <Text size="sm" c="light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))" role="alert">
          {labels.fbCopyOfFormFailed}
        </Text>
      )}
    </Stack>
  );
}
