import { Button, Checkbox, Group, Popover, Radio, Stack } from '@mantine/core';
import type { Labels } from '../../query/labels';
import type { InstanceExportController } from './useInstanceExport';

/** Props of {@link InstanceExportActions}. */
export interface InstanceExportActionsProps {
  controller: InstanceExportController;
  labels: Labels;
}

/**
 * 'Export CSV', 'Export Excel' and their 'Export options': repeatable sections one column per item (one row per
 * instance) or one row per item, and the data paths as a second header row. The options stay chosen for the next
 * export.
 */
export function InstanceExportActions({ controller: c, labels }: InstanceExportActionsProps) {
  const options = c.exportOptions;
  return (
    <Group gap="xs">
      <Button variant="default" onClick={c.exportCsv} loading={c.exporting} title={labels.exportCsvHint}>
        {labels.exportCsv}
      </Button>
      <Button variant="default" onClick={c.exportXlsx} loading={c.exporting} title={labels.exportXlsxHint}>
        {labels.exportXlsx}
      </Button>
      <Popover position="bottom-end" shadow="md" trapFocus>
        <Popover.Target>
          <Button variant="subtle" disabled={c.exporting}>
            {labels.exportOptions}
          </Button>
        </Popover.Target>
        <Popover.Dropdown aria-label={labels.exportOptions}>
          <Stack gap="sm">
            <Radio.Group
              label={labels.exportRepeatLabel}
              value={options.repeat}
              onChange={(value) => c.setExportOptions({ ...options, repeat: value === 'rows' ? 'rows' : 'columns' })}
            >
              <Stack gap={6} mt={6}>
                <Radio value="columns" label={labels.exportRepeatColumns} />
                <Radio value="rows" label={labels.exportRepeatRows} />
              </Stack>
            </Radio.Group>
            <Checkbox
              label={labels.exportPathRow}
              checked={options.pathRow}
              onChange={(event) => c.setExportOptions({ ...options, pathRow: event.currentTarget.checked })}
            />
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
