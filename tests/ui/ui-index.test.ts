import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as ui from '../../src/ui';

const UI_DIR = resolve(__dirname, '../../src/ui');
const STORIES_DIR = resolve(__dirname, '../../stories/ui');
const componentFolders = readdirSync(UI_DIR).filter((name) => statSync(join(UI_DIR, name)).isDirectory());

describe('src/ui', () => {
  it.each(componentFolders)('%s has its component, test, index, story and a displayName', (name) => {
    for (const file of [`${name}.tsx`, `${name}.test.tsx`, 'index.ts']) {
      expect(existsSync(join(UI_DIR, name, file)), `${name}/${file}`).toBe(true);
    }
    expect(existsSync(join(STORIES_DIR, `${name}.stories.tsx`)), `stories/ui/${name}.stories.tsx`).toBe(true);
    const component = (ui as Record<string, unknown>)[name] as { displayName?: string } | undefined;
    expect(component, `src/ui/index.ts exports ${name}`).toBeTypeOf('function');
    expect(component?.displayName).toBe(`@ccq/forms-admin/${name}`);
  });

  it('exports the spec texts as English defaults', () => {
    expect(ui.DEFAULT_AUTH_STATUS_CARD_LABELS.loadingTitle).toBe('Finishing sign in…');
    expect(ui.DEFAULT_RESULT_DIALOG_LABELS.noChanges).toBe('No changes were made to the permissions.');
    expect(ui.DEFAULT_ERROR_ALERT_LABELS.retry).toBe('Try again');
    expect(ui.DEFAULT_CONFIRM_MODAL_LABELS).toEqual({ confirm: 'Confirm', cancel: 'Cancel', close: 'Close' });
    expect(ui.DEFAULT_LOADING_STATE_LABELS.label).toBe('Loading…');
  });

  it('ships a theme whose filled shade keeps white button text at WCAG AA contrast', () => {
    expect(ui.ccqTheme.primaryShade).toEqual({ light: 8, dark: 8 });
  });
});
