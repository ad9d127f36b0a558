/**
 * No fixed colour: the stories rendered inside a host's MantineProvider whose primary colour is 'grape' (not Mantine's
 * default blue), and each element that once carried a fixed blue — the viewer's and the managers' info alerts, the
 * PDF import's 'Required' badge and cleanup notice, the form manager's 'Current' badge and the linking screen's
 * 'Link /path' button — carries the host's primary colour in the colour variables Mantine sets on it, and no blue.
 */
import { File as NodeFile } from 'node:buffer';
import { MantineProvider, createTheme, mergeThemeOverrides } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import type { Decorator } from '@storybook/react-vite';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { SetupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { setupServer } from 'msw/node';
import { useState, type ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview';
import { APIProvider } from '../../src/query/APIProvider';
import { ccqTheme } from '../../src/ui/theme';
import * as LinkingStories from '../../stories/forms-admin/FormDataLinking.stories';
import * as ManagerStories from '../../stories/forms-admin/FormManager.stories';
import * as PdfStories from '../../stories/forms-admin/PdfFormImport.stories';
import * as SchemaManagerStories from '../../stories/forms-admin/FormSchemaManager.stories';
import { resetFakeBackend, storyApi } from '../../stories/support/fakeBackend';
import * as ViewerStories from '../../stories/viewer/FormInstanceViewer.stories';
import { WithPdfPages } from '../support/pdf-pages';

/** A host's theme: the library's theme with another primary colour. */
const HOST_PRIMARY = 'grape';
const hostTheme = mergeThemeOverrides(ccqTheme, createTheme({ primaryColor: HOST_PRIMARY }));

function HostApi({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }));
  return (
    <APIProvider baseUrl={storyApi} queryClient={queryClient} clientOptions={{ retry: { retries: 0 } }}>
      {children}
    </APIProvider>
  );
}
const withHostTheme: Decorator = (Story) => (
  <MantineProvider theme={hostTheme}>
    <ModalsProvider>
      <Story />
    </ModalsProvider>
  </MantineProvider>
);
const withHostApi: Decorator = (Story) => (
  <HostApi>
    <Story />
  </HostApi>
);

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeAll(async () => {
  // Multipart bodies need one realm: the client builds Node's FormData, and the drop below carries Node's File.
  const nodeFormData = (await new Response(new URLSearchParams('a=1')).formData()).constructor;
  vi.stubGlobal('FormData', nodeFormData);
});
afterAll(() => server.close());
setProjectAnnotations({
  ...preview,
  decorators: [withHostApi, withHostTheme],
  loaders: [resetFakeBackend, mswLoader(() => server as unknown as SetupWorker)],
});

const Viewer = composeStories(ViewerStories);
const Manager = composeStories(ManagerStories);
const SchemaManager = composeStories(SchemaManagerStories);
const Linking = composeStories(LinkingStories);
const Pdf = composeStories(PdfStories);

/** Renders a story; jsdom cannot run pdf.js, so the PDF import's preview gets one blank page (the colours checked are not on it). */
async function renderStory(Story: { load(): Promise<void> } & ((props: object) => React.ReactElement)) {
  await Story.load();
  return render(
    <WithPdfPages>
      <Story />
    </WithPdfPages>,
  );
}

/** The colour variables (`--alert-color`, `--badge-bg`, `--button-bg`…) Mantine wrote on the element. */
function colourVariables(element: HTMLElement, prefix: string): Record<string, string> {
  const entries: [string, string][] = [];
  for (let i = 0; i < element.style.length; i += 1) {
    const name = element.style.item(i);
    if (name.startsWith(`--${prefix}-`)) entries.push([name, element.style.getPropertyValue(name)]);
  }
  return Object.fromEntries(entries);
}

/** The element follows the host's primary colour: its colour variables name it, and none names blue. */
function expectHostPrimary(element: HTMLElement, prefix: string, variable: string) {
  const variables = colourVariables(element, prefix);
  expect(variables[variable], `${variable} of ${element.textContent}`).toMatch(new RegExp(`--mantine-color-${HOST_PRIMARY}-`));
  expect(Object.values(variables).join(' ')).not.toMatch(/blue/);
}

const alertOf = (text: HTMLElement) => text.closest('.mantine-Alert-root') as HTMLElement;

describe(`with a host theme whose primary colour is '${HOST_PRIMARY}'`, () => {
  it("the viewer's notice on a submitted instance opened to edit is an alert in the host's colour", async () => {
    await renderStory(Viewer.AlreadySubmitted);
    const notice = alertOf(await screen.findByText('This form was already submitted and can no longer be changed.', {}, { timeout: 10_000 }));
    expectHostPrimary(notice, 'alert', '--alert-color');
    expectHostPrimary(notice, 'alert', '--alert-bg');
  });

  it("the form manager's 'Current' badge is filled with the host's colour", async () => {
    await renderStory(Manager.Populated);
    const versions = await screen.findByRole('region', { name: 'Versions' }, { timeout: 10_000 });
    const current = (await within(versions).findByText('Current')).closest('.mantine-Badge-root') as HTMLElement;
    expectHostPrimary(current, 'badge', '--badge-bg');
  });

  it("the schema manager's 'in use' notice is an alert in the host's colour", async () => {
    await renderStory(SchemaManager.Populated);
    const notice = alertOf(await screen.findByText(/Instances use this version, so it can no longer be changed/, {}, { timeout: 10_000 }));
    expectHostPrimary(notice, 'alert', '--alert-color');
  });

  it("the linking screen's 'Link /path' button is the light variant of the host's colour", async () => {
    await renderStory(Linking.WithSuggestions);
    const [link] = await screen.findAllByRole('button', { name: /^Link \// }, { timeout: 10_000 });
    expectHostPrimary(link!, 'button', '--button-bg');
    expectHostPrimary(link!, 'button', '--button-color');
  });

  it("the PDF import's 'Required' badge and its cleanup notice carry the host's colour", async () => {
    const drop = async (file: File) => {
      const zone = (await screen.findByText('Drop a PDF here, or choose one')).closest('.ccq-PdfFormImport-dropzone') as HTMLElement;
      fireEvent.dragOver(zone, { dataTransfer: { files: [file] } });
      fireEvent.drop(zone, { dataTransfer: { files: [file] } });
    };
    const pdf = (name: string) => new NodeFile(['%PDF-1.7\n%fake\n'], name, { type: 'application/pdf' }) as unknown as File;

    const first = await renderStory(Pdf.Default);
    await drop(pdf('form.pdf'));
    const fields = await screen.findByRole('region', { name: /^Fields found/ }, { timeout: 10_000 });
    const [required] = within(fields).getAllByText('Required');
    expectHostPrimary(required!.closest('.mantine-Badge-root') as HTMLElement, 'badge', '--badge-bg');
    first.unmount();

    await renderStory(Pdf.ValuesClearedActionsRemoved);
    await drop(pdf('sample_form.pdf'));
    const notice = alertOf(await screen.findByText('Cleaned before it was saved', {}, { timeout: 10_000 }));
    expectHostPrimary(notice, 'alert', '--alert-color');
  });
});
