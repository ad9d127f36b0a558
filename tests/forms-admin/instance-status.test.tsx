import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { cleanup, screen } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import preview from '../../.storybook/preview';
import * as stories from '../../stories/forms-admin/InstanceStatusBadge.stories';
import { EnvelopeStatus, FormInstanceStatus } from '../../src/api/enums';
import type { FormInstance } from '../../src/api/types';
import { INSTANCE_STATUS_NAMES } from '../../src/domain/forms/statuses';
import { InstancesTable } from '../../src/forms-admin/FormManager/InstancesTable';
import { EnvelopeStatusBadge } from '../../src/forms-admin/shared/EnvelopeStatusBadge';
import { InstanceStatusBadge } from '../../src/forms-admin/shared/InstanceStatusBadge';
import { instanceStatusLabel } from '../../src/forms-admin/shared/instance-status';
import { defaultLabels } from '../../src/query/labels';
import { renderWithProviders } from '../support/render';

const STATUSES = Object.keys(INSTANCE_STATUS_NAMES).map(Number) as FormInstanceStatus[];
const FULL_NAMES: Record<FormInstanceStatus, string> = {
  [FormInstanceStatus.Created]: 'Created',
  [FormInstanceStatus.InProgress]: 'In progress',
  [FormInstanceStatus.Submitted]: 'Submitted',
  [FormInstanceStatus.Completed]: 'Completed',
};

describe('the instance status of the admin screens', () => {
  it("dots the statuses under way (an instance in progress, a sent envelope) in the theme's primary colour, none in a fixed blue", () => {
    const dots = (element: HTMLElement) => [...element.querySelectorAll<HTMLElement>('.mantine-Badge-section > div')].map((dot) => dot.style.background);
    const instances = renderWithProviders(
      <>
        {STATUSES.map((status) => (
          <InstanceStatusBadge key={status} status={status} labels={defaultLabels} />
        ))}
      </>,
    );
    const instanceDots = dots(instances.container);
    expect(instanceDots).toHaveLength(STATUSES.length);
    expect(instanceDots[STATUSES.indexOf(FormInstanceStatus.InProgress)]).toBe('var(--mantine-primary-color-6)');
    expect(instanceDots.join(' ')).not.toMatch(/blue/);
    instances.unmount();
    const envelopes = Object.values(EnvelopeStatus).filter((value): value is EnvelopeStatus => typeof value === 'number');
    const signing = renderWithProviders(
      <>
        {envelopes.map((status) => (
          <EnvelopeStatusBadge key={status} status={status} />
        ))}
      </>,
    );
    const envelopeDots = dots(signing.container);
    expect(envelopeDots).toHaveLength(envelopes.length);
    expect(envelopeDots[envelopes.indexOf(EnvelopeStatus.Sent)]).toBe('var(--mantine-primary-color-6)');
    expect(envelopeDots.join(' ')).not.toMatch(/blue/);
  });

  it('names every status of the domain, the same on every screen', () => {
    expect(STATUSES).toHaveLength(4);
    for (const status of STATUSES) {
      expect(instanceStatusLabel(status, defaultLabels)).toBe(FULL_NAMES[status]);
      expect(instanceStatusLabel(status, defaultLabels, 'dash')).toBe(FULL_NAMES[status]);
      expect(instanceStatusLabel(status, defaultLabels, 'fm')).toBe(FULL_NAMES[status]);
    }
  });

  it.each(STATUSES)('shows status %i by its name in full, in a badge never narrower than the name', (status) => {
    renderWithProviders(<InstanceStatusBadge status={status} labels={defaultLabels} data-testid="badge" />);
    const badge = screen.getByTestId('badge');
    expect(badge).toHaveTextContent(new RegExp(`^${FULL_NAMES[status]}$`));
    expect(badge.style.minWidth).toBe('max-content');
  });

  it("shows each status by name in full in a manager's instance table", () => {
    const rows = STATUSES.map(
      (status, i): FormInstance => ({
        formInstanceId: `i${i}`,
        formId: 'f1',
        formSchemaId: 's1',
        status,
        data: {},
        isDeleted: false,
        createdDateTime: new Date('2026-01-01T00:00:00Z'),
        lastUpdatedDateTime: new Date('2026-01-01T00:00:00Z'),
      }),
    );
    renderWithProviders(<InstancesTable labels={defaultLabels} rows={rows} total={rows.length} isLoading={false} error={null} schemas={[{ formSchemaId: 's1', version: 1 }]} />);
    // The status is the second cell, after the instance's short id.
    const cells = screen.getAllByRole('row').slice(1).map((row) => row.querySelectorAll('td')[1]!);
    expect(cells.map((cell) => cell.textContent)).toEqual(STATUSES.map((s) => FULL_NAMES[s]));
    for (const cell of cells) expect(cell.querySelector<HTMLElement>('.mantine-Badge-root')!.style.minWidth).toBe('max-content');
  });

  it('reads a host\'s shared status text on every screen, and a screen\'s own older key on that screen only', () => {
    const shared = { ...defaultLabels, statusInProgress: 'Being filled' };
    expect(instanceStatusLabel(FormInstanceStatus.InProgress, shared)).toBe('Being filled');
    expect(instanceStatusLabel(FormInstanceStatus.InProgress, shared, 'dash')).toBe('Being filled');
    expect(instanceStatusLabel(FormInstanceStatus.InProgress, shared, 'fm')).toBe('Being filled');

    const managerOnly = { ...shared, fmStatusInProgress: 'Open draft', dashStatusSubmitted: 'Handed in' };
    expect(instanceStatusLabel(FormInstanceStatus.InProgress, managerOnly, 'fm')).toBe('Open draft');
    expect(instanceStatusLabel(FormInstanceStatus.InProgress, managerOnly, 'dash')).toBe('Being filled');
    expect(instanceStatusLabel(FormInstanceStatus.InProgress, managerOnly)).toBe('Being filled');
    expect(instanceStatusLabel(FormInstanceStatus.Submitted, managerOnly, 'dash')).toBe('Handed in');
    expect(instanceStatusLabel(FormInstanceStatus.Submitted, managerOnly, 'fm')).toBe('Submitted');
  });

  it('names a status the library does not know by its number', () => {
    expect(instanceStatusLabel(9 as FormInstanceStatus, defaultLabels)).toBe('9');
  });
});

async function violations(root: HTMLElement): Promise<string[]> {
  // Colour contrast needs layout, which jsdom does not do (the Storybook axe run checks it in Chromium); as the
  // Storybook run, a story is one component, not a page (no landmarks needed).
  const result = await axe.run(root, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const theme of ['light', 'dark'] as const) {
  describe(`InstanceStatusBadge stories (${theme})`, () => {
    afterEach(cleanup);
    for (const name of ['Created', 'InProgress', 'Submitted', 'Completed', 'HostText', 'EveryStatusInANarrowColumn'] as const) {
      it(`${name} renders and is axe clean`, async () => {
        setProjectAnnotations({ ...preview, initialGlobals: { theme }, loaders: [] });
        await composeStories(stories)[name].run();
        expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe(theme);
        expect(await violations(document.body)).toEqual([]);
      });
    }
  });
}

describe('InstanceStatusBadge stories, what they show', () => {
  afterEach(cleanup);
  it("EveryStatusInANarrowColumn names each status in full; HostText shows the manager's own text", async () => {
    setProjectAnnotations({ ...preview, loaders: [] });
    const { EveryStatusInANarrowColumn, HostText } = composeStories(stories);
    await EveryStatusInANarrowColumn.run();
    expect(screen.getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Created', 'In progress', 'Submitted', 'Completed']);
    cleanup();
    await HostText.run();
    expect(screen.getByText('Being filled in')).toBeInTheDocument();
  });
});
