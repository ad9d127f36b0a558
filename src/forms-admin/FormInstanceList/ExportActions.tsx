import { Button, CheckIcon, Group, Menu } from '@mantine/core';
import type { Labels } from '../../query/labels';
import type { InstanceExportController } from './useInstanceExport';

/** Props of {@link InstanceExportActions}. */
export interface InstanceExportActionsProps {
  controller: InstanceExportController;
  labels: Labels;
}

const mark = (chosen: boolean) => (chosen ? <CheckIcon size={12} aria-hidden /> : <span style={{ display: 'inline-block', width: 12 }} aria-hidden />);

/**
 * 'Export CSV', 'Export Excel' and their 'Export options' menu: repeatable sections one row per item or one column per
 * item, and the data paths as a second header row. The options stay chosen for the next export; the menu stays open
 * while they are changed.
 */
export function InstanceExportActions({ controller: c, labels }: InstanceExportActionsProps) {
  const options = c.exportOptions;
  return (
    <Group gap="xs" wrap="nowrap">
      <Button variant="default" onClick={c.exportCsv} loading={c.exporting} title={labels.exportCsvHint}>
        {labels.exportCsv}
      </Button>
      <Button variant="default" onClick={c.exportXlsx} loading={c.exporting} title={labels.exportXlsxHint}>
        {labels.exportXlsx}
      </Button>
      <Menu position="bottom-end" closeOnItemClick={false} withinPortal>
        <Menu.Target>
          <Button variant="subtle" disabled={c.exporting}>
            {labels.exportOptions}
          </Button>
        </Menu.Target>
        <Menu.Dropdown aria-label={labels.exportOptions}>
          <Menu.Label>{labels.exportRepeatLabel}</Menu.Label>
          {(['rows', 'columns'] as const).map((repeat) => (
            <Menu.Item
              key={repeat}
              role="menuitemradio"
              aria-checked={options.repeat === repeat}
              leftSection={mark(options.repeat === repeat)}
              onClick={() => c.setExportOptions({ ...options, repeat })}
            >
              {repeat === 'rows' ? labels.exportRepeatRows : labels.exportRepeatColumns}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item
            role="menuitemcheckbox"
            aria-checked={options.pathRow}
            leftSection={mark(options.pathRow)}
            onClick={() => c.setExportOptions({ ...options, pathRow: !options.pathRow })}
          >
            {labels.exportPathRow}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
