import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import axe from 'axe-core';
import { notifications } from '@mantine/notifications';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { SetupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import preview from '../../.storybook/preview';
import * as stories from '../../stories/forms-admin/FormInstanceList.stories';
import { resetFakeBackend } from '../../stories/support/fakeBackend';
import { seedIds } from '../../src/testing/seed-ids';

// The stories of the Form Instances list as fixtures: each story's loaders, fake user and handlers are the whole
// set-up; its play function runs where it has one.
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  notifications.clean();
});
setProjectAnnotations({ ...preview, loaders: [resetFakeBackend, mswLoader(() => server as unknown as SetupWorker)] });
const composed = composeStories(stories);

describe('FormInstanceList stories', () => {
  it('Populated: the live instances with the export and row actions', async () => {
    await composed.Populated.run();
    // The pagination text is rendered again as the page settles: look it up each time.
    await waitFor(() => expect(screen.getByText('1–8 of 8')).toBeInTheDocument(), { timeout: 5000 });
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    // The table keeps its empty text mounted: hidden while rows show, so a screen reader never reads it after them.
    expect(screen.getByText('No form instances yet.')).not.toBeVisible();
  });

  it('Loading: the heading while the page loads', async () => {
    await composed.Loading.run();
    expect(await screen.findByRole('heading', { name: 'Form Instances' })).toBeInTheDocument();
  });

  it('Empty: says there is no instance yet, and where instances come from', async () => {
    await composed.Empty.run();
    expect(await screen.findByText('No form instances yet.', undefined, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('No form instances yet.')).toBeVisible());
  });

  it("DaysTheWrongWayRound: says under 'Created until' that no instance can match", async () => {
    await composed.DaysTheWrongWayRound.run();
    expect(screen.getByLabelText('Created until')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Created from')).toHaveValue('2026-12-31');
  });

  it("LoadFailed: the alert with 'Try again'", async () => {
    await composed.LoadFailed.run();
    expect(await screen.findByText('Failed to load form instances. Please try again.', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('Summary: the summary tab with its counts, axe clean', async () => {
    await composed.Summary.run();
    expect(screen.getByRole('heading', { name: 'Form instances summed up: 4' })).toBeInTheDocument();
    // Axe finds nothing in the questions' regions, charts and tables (colour contrast needs layout: the
    // Storybook axe run checks it in Chromium; the page-level landmark rule does not apply to a story).
    const result = await axe.run(document.querySelector<HTMLElement>('[data-summary]') ?? document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } }, resultTypes: ['violations'] });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  it('SummaryLoading: the summary tab while the server counts', async () => {
    await composed.SummaryLoading.run();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the summary…');
  });

  it("SummaryEmpty, SummaryFailed: the summary tab with nothing to sum up, and its failure with 'Try again'", async () => {
    await composed.SummaryEmpty.run();
    cleanup();
    await composed.SummaryFailed.run();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('DeletedView, SelectionWithBulkActions, FilteredBySignature: their play functions pass', async () => {
    await composed.DeletedView.run();
    cleanup();
    await composed.SelectionWithBulkActions.run();
    cleanup();
    await composed.FilteredBySignature.run();
  });

  it('AnswerColumns, FilteredByAnswer: their play functions pass; NoAnswers: empty cells; AnswerColumnsLoading: the list waits for the fields', async () => {
    await composed.AnswerColumns.run();
    expect(within(screen.getByRole('table', { name: 'Form Instances' })).getByRole('button', { name: /Amount/ })).toBeInTheDocument();
    cleanup();
    await composed.FilteredByAnswer.run();
    cleanup();
    await composed.NoAnswers.run();
    const created = (await screen.findByText(seedIds.formInstances.loanCreated.slice(-8), undefined, { timeout: 5000 })).closest('tr') as HTMLElement;
    await waitFor(() => expect(within(created).getAllByRole('cell').map((c) => c.textContent)).toContain(''), { timeout: 5000 });
    expect(within(screen.getByRole('table', { name: 'Form Instances' })).getByRole('button', { name: /Full name/ })).toBeInTheDocument();
    cleanup();
    await composed.AnswerColumnsLoading.run();
    expect(await screen.findByRole('heading', { name: 'Form Instances' })).toBeInTheDocument();
    expect(screen.getByLabelText('Answer columns', { selector: 'input' })).toBeDisabled();
    expect(screen.queryByText(seedIds.formInstances.loanSubmitted.slice(-8))).not.toBeInTheDocument();
  });

  it('AtScale: 100,000 instances more, counted on the server; one page shown', async () => {
    await composed.AtScale.run();
    const table = await screen.findByRole('table', { name: 'Form Instances' });
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBe(21), { timeout: 10_000 });
  });

  it('ReadOnlyUser: no selection, no delete', async () => {
    await composed.ReadOnlyUser.run();
    const table = await screen.findByRole('table', { name: 'Form Instances' }, { timeout: 5000 });
    await within(table).findByText(seedIds.formInstances.loanSubmitted.slice(-8), undefined, { timeout: 5000 });
    expect(within(table).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
  });
});
