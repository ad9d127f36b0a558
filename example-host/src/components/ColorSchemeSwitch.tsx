import { Button, Menu, useMantineColorScheme } from '@mantine/core';
import type { MantineColorScheme } from '@mantine/core';
import { fillLabel } from '../formsAdmin';
import { hostLabels } from '../hostLabels';
import type { HostLabelKey } from '../hostLabels';
import { useLabelTexts } from '../useLabelTexts';

const choices: readonly { value: MantineColorScheme; label: HostLabelKey }[] = [
  { value: 'auto', label: 'hostColorSchemeAuto' },
  { value: 'light', label: 'hostColorSchemeLight' },
  { value: 'dark', label: 'hostColorSchemeDark' },
];

/**
 * The header's colour-scheme choice: follows the system by default; a choice is remembered (Mantine's colour-scheme
 * manager keeps it in local storage) and applies to every tab.
 */
export function ColorSchemeSwitch() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const labels = useLabelTexts(hostLabels);
  const current = choices.find((c) => c.value === colorScheme) ?? choices[0]!;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size="xs"
          aria-label={fillLabel(labels.hostColorSchemeCurrent, { scheme: labels[current.label] })}
          title={labels.hostColorScheme}
        >
          {colorScheme === 'dark' ? '☾' : colorScheme === 'light' ? '☀' : '◐'}
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label={labels.hostColorScheme}>
        {choices.map((choice) => (
          <Menu.Item
            key={choice.value}
            // Mantine fixes role="menuitem" (aria-checked is not allowed on it): the current choice is aria-current.
            aria-current={choice.value === colorScheme ? 'true' : undefined}
            leftSection={<span aria-hidden>{choice.value === colorScheme ? '✓' : ''}</span>}
            onClick={() => setColorScheme(choice.value)}
          >
            {labels[choice.label]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
ColorSchemeSwitch.displayName = 'ColorSchemeSwitch';
