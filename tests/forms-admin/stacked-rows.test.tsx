import '@mantine/core/styles.css';
import 'mantine-datatable/styles.css';
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { FormInstanceList } from '../../src/forms-admin/FormInstanceList';
import { FormList } from '../../src/forms-admin/FormList';
import { FormManager } from '../../src/forms-admin/FormManager';
import { EffectivePermissionsPanel } from '../../src/admin/shared/EffectivePermissions';
import { RoleManagement } from '../../src/admin';
import { ColumnsTable } from '../../src/ui/stacked-columns';
import { seedIds } from '../../src/testing/seed-ids';
import { renderInApi, setupFakeApi } from '../admin/support/screen';

// Runs in Chromium (vitest.config.ts, project `browser`) with the tables' style sheets: whether a list stacks its
// columns depends on the width its frame is laid out at, which jsdom does not do.
setupFakeApi();

/** `children` in a frame `width` px wide, as a phone (390 px, less the page's padding) or a desktop gives it. */
function Frame({ width, children }: { width: number; children: ReactNode }) {
  return <div style={{ width }}>{children}</div>;
}

/** The texts of the table's header cells. */
function headers(table: HTMLElement): string[] {
  return [...table.querySelectorAll('thead th')].map((th) => th.textContent ?? '');
}

/** How far the table's scrolling frame is wider inside than it shows, in px (> 0: it scrolls sideways). */
function sideways(table: HTMLElement): number {
  const viewport = table.closest('.mantine-ScrollArea-viewport, .mantine-Table-scrollContainer') ?? table.parentElement;
  if (!viewport) throw new Error('the table has no scrolling frame');
  return viewport.scrollWidth - viewport.clientWidth;
}

/** The terms and definitions of the description list of the row that holds `text`. */
function describedIn(table: HTMLElement, text: string): string[][] {
  const row = within(table).getByText(text).closest('tr');
  if (!row) throw new Error(`no row holds ${text}`);
  const terms = within(row).getAllByRole('term');
  return terms.map((term) => [term.textContent ?? '', term.nextElementSibling?.textContent ?? '']);
}

describe('a list in a narrow frame', () => {
  it("stacks each form's columns into its row: the name, every other column as a term and its value, then the row's buttons", async () => {
    renderInApi(
      <Frame width={326}>
        <FormList onOpenForm={() => undefined} />
      </Frame>,
    );
    const table = await screen.findByRole('table', { name: 'Forms' });
    await waitFor(() => expect(headers(table)).toEqual(['Name']));
    await within(table).findByText('Loan Application');
    expect(describedIn(table, 'Loan Application').map(([term]) => term)).toEqual(['Group', 'Current version', 'Public', 'Instances', 'Last change']);
    expect(describedIn(table, 'Loan Application')[0]).toEqual(['Group', 'Customer Onboarding']);
    const row = within(table).getByText('Loan Application').closest('tr')!;
    expect(within(row).getByRole('button', { name: 'Open Loan Application' })).toBeVisible();
    expect(within(row).getByRole('button', { name: /^Delete Loan Application/ })).toBeVisible();
    expect(sideways(table)).toBe(0);
  });

  it('keeps the columns in a wide frame', async () => {
    renderInApi(
      <Frame width={1000}>
        <FormList onOpenForm={() => undefined} />
      </Frame>,
    );
    const table = await screen.findByRole('table', { name: 'Forms' });
    await within(table).findByText('Loan Application');
    expect(headers(table)).toEqual([
      'Name',
      'Group',
      'Current version',
      'Public',
      'Instances',
      'Last change',
      'Actions',
    ]);
    expect(within(table).queryAllByRole('term')).toEqual([]);
  });

  it('keeps the selection boxes of Form Instances beside the stacked rows, and nothing pinned over them', async () => {
    renderInApi(
      <Frame width={326}>
        <FormInstanceList onOpenInstance={() => undefined} />
      </Frame>,
    );
    // The table is drawn anew once its frame is measured and its columns stack.
    await waitFor(() => expect(headers(screen.getByRole('table', { name: 'Form Instances' })).length).toBe(2));
    const table = screen.getByRole('table', { name: 'Form Instances' });
    const select = await within(table).findAllByRole('checkbox', { name: /^Select / });
    const first = select[1]!.closest('tr')!;
    const terms = within(first).getAllByRole('term').map((term) => term.textContent);
    expect(terms).toEqual(expect.arrayContaining(['Form', 'Status', 'Created', 'Updated']));
    expect(within(first).getByRole('button', { name: /^Open / })).toBeVisible();
    expect(table.querySelector('[data-pinned="right"]')).toBeNull();
    expect(sideways(table)).toBe(0);
  });

  it("stacks a form's versions, their comparison and its instances (Mantine tables drawn from the same columns) in its cards", async () => {
    renderInApi(
      <Frame width={326}>
        <FormManager formId={seedIds.forms.expenseClaim} onOpenSchema={() => undefined} onOpenInstance={() => undefined} />
      </Frame>,
    );
    const versions = await screen.findByRole('region', { name: 'Versions' });
    await waitFor(() => expect(headers(within(versions).getByRole('table'))).toEqual(['Version']));
    const table = within(versions).getByRole('table');
    const second = within(table).getByRole('button', { name: 'Open: Version 2' }).closest('tr')!;
    expect(within(second).getAllByRole('term').map((term) => term.textContent)).toEqual(['Name', 'Public', 'Last change']);
    expect(within(second).getByText('Current')).toBeVisible();
    expect(sideways(table)).toBe(0);
    const instances = await screen.findByRole('region', { name: 'Instances' });
    await waitFor(() => expect(headers(within(instances).getByRole('table'))).toEqual(['Instance']));
    const first = within(instances).getAllByRole('button', { name: /^Open: [0-9a-f]{8}, / })[0]!.closest('tr')!;
    expect(within(first).getAllByRole('term').map((term) => term.textContent)).toEqual(expect.arrayContaining(['Status', 'Version', 'Last change']));
    expect(sideways(within(instances).getByRole('table'))).toBe(0);
    const compare = await screen.findByRole('region', { name: 'Compare versions' });
    await waitFor(() => expect(headers(within(compare).getByRole('table'))).toEqual(['Data path']));
    const added = within(compare).getByText('/costCentre').closest('tr')!;
    expect(within(added).getAllByRole('term').map((term) => term.textContent)).toEqual(['Version 1', 'Version 2']);
    expect(sideways(within(compare).getByRole('table'))).toBe(0);
  });
});

describe('a stacked table', () => {
  it("lines up the values of rows whose terms differ (a row leaves out a column it has nothing for)", async () => {
    const records = [
      { id: 'a', name: 'First', size: '2', note: 'kept for later' },
      { id: 'b', name: 'Second', size: '3', note: '' },
    ];
    render(
      <MantineProvider>
        <Frame width={326}>
          <ColumnsTable
            records={records}
            rowKey={(record) => record.id}
            minWidth={480}
            columns={[
              { accessor: 'name', title: 'Name' },
              { accessor: 'size', title: 'Size' },
              { accessor: 'note', title: 'A note' },
            ]}
          />
        </Frame>
      </MantineProvider>,
    );
    await waitFor(() => expect(headers(screen.getByRole('table'))).toEqual(['Name']));
    const table = screen.getByRole('table');
    expect(describedIn(table, 'First').map(([term]) => term)).toEqual(['Size', 'A note']);
    expect(describedIn(table, 'Second').map(([term]) => term)).toEqual(['Size']);
    const sizes = within(table).getAllByText(/^[23]$/).map((value) => value.getBoundingClientRect().left);
    expect(sizes[0]).toBe(sizes[1]);
  });
});

describe('the permission screens in a narrow frame', () => {
  const editor = { kind: 'user', id: seedIds.users.editor, name: 'Eddie Editor' } as const;

  it("stacks an effective permission's result, priority, path and what it overruled under its name", async () => {
    renderInApi(
      <Frame width={326}>
        <EffectivePermissionsPanel holder={editor} defaultOpened />
      </Frame>,
    );
    const named = { name: 'Effective permissions: Eddie Editor' };
    // The table is drawn anew once its frame is measured and its columns stack.
    await waitFor(() => expect(headers(screen.getByRole('table', named))).toEqual(['Permission']));
    const table = screen.getByRole('table', named);
    expect(describedIn(table, 'Form_Delete').map(([term]) => term)).toEqual(['Result', 'Priority', 'Comes from', 'Overruled']);
    expect(describedIn(table, 'Form_Delete').slice(0, 3)).toEqual([
      ['Result', 'Denied'],
      ['Priority', '10'],
      ['Comes from', 'Form Authors → No Hard Delete'],
    ]);
    // Nothing overruled: no empty 'Overruled' term.
    expect(describedIn(table, 'Form_Add').map(([term]) => term)).toEqual(['Result', 'Priority', 'Comes from']);
    expect(sideways(table)).toBe(0);
  });

  it('keeps the effective permissions in columns, each named by its row header, in a wide frame', async () => {
    renderInApi(
      <Frame width={1000}>
        <EffectivePermissionsPanel holder={editor} defaultOpened />
      </Frame>,
    );
    const table = await screen.findByRole('table', { name: 'Effective permissions: Eddie Editor' });
    await within(table).findByRole('rowheader', { name: 'Form_Delete' });
    expect(headers(table)).toEqual(['Permission', 'Result', 'Priority', 'Comes from', 'Overruled']);
    expect(sideways(table)).toBe(0);
  });

  it("puts a role's priority and allow switch under each individual permission, labelled and within the frame", async () => {
    renderInApi(
      <Frame width={326}>
        <RoleManagement initialGroupId={seedIds.claimGroups.noHardDelete} />
      </Frame>,
    );
    await screen.findByRole('switch', { name: 'Allow Form_Delete' });
    await waitFor(() => expect(headers(screen.getByRole('switch', { name: 'Allow Form_Delete' }).closest('table')!)).toEqual(['Permission']));
    const allow = screen.getByRole('switch', { name: 'Allow Form_Delete' });
    const table = allow.closest('table')!;
    const row = allow.closest('tr')!;
    expect(within(row).getByText('Allow')).toBeVisible();
    expect(within(row).getByRole('textbox', { name: 'Priority of Form_Delete' })).toHaveValue('10');
    expect(within(row).getByText('Priority')).toBeVisible();
    expect(allow.getBoundingClientRect().right).toBeLessThanOrEqual(table.getBoundingClientRect().right);
    expect(sideways(table)).toBe(0);
  });
});
