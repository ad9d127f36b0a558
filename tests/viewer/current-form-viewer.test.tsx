import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { render, screen } from '@testing-library/react';
import axe from 'axe-core';
import type { SetupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import preview from '../../.storybook/preview';
import * as Stories from '../../stories/viewer/CurrentFormViewer.stories';
import { fakeBackend, resetFakeBackend } from '../../stories/support/fakeBackend';
import { seedIds } from '../../src/testing/seed-ids';

// The stable link's page: the stories are the fixtures (an anonymous visitor on the fake backend).
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
setProjectAnnotations({ ...preview, loaders: [resetFakeBackend, mswLoader(() => server as unknown as SetupWorker)] });

const S = composeStories(Stories);

async function violations(root: HTMLElement): Promise<string[]> {
  const result = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('CurrentFormViewer stories', () => {
  for (const [name, Story] of Object.entries(S)) {
    it(`${name} renders, plays and is axe clean`, async () => {
      await Story.load();
      const { container } = render(<Story />);
      if (Story.play) await Story.run();
      expect(await violations(container)).toEqual([]);
    });
  }

  it("serves the form's current version: a new public version made current is what the next opening shows", async () => {
    await S.CurrentVersion.load();
    const db = fakeBackend.db;
    const v1 = db.formSchemas.find((s) => s.formSchemaId === seedIds.formSchemas.contactRequestV1)!;
    const v2 = { ...structuredClone(v1), formSchemaId: '7a1c0000-0000-4000-8000-000000000002', version: 2 };
    v2.layout.pages[0]!.sections[0]!.fields[0]!.label = 'Your full name';
    db.formSchemas.push(v2);
    db.forms.find((f) => f.formId === seedIds.forms.contactRequest)!.currentFormSchemaId = v2.formSchemaId;
    render(<S.CurrentVersion />);
    expect(await screen.findByRole('textbox', { name: /Your full name/ }, { timeout: 5000 })).toBeInTheDocument();
  });
});
