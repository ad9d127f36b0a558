import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Checkbox, DEFAULT_THEME, getContrastColor, Input, mergeMantineTheme, Radio, Switch } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { ccqTheme } from '../../src/ui/theme';

// The resting border of inputs, checkboxes and radios against the control's fill and the page, in both colour
// schemes, as Mantine's own stylesheet draws it under ccqTheme: WCAG 1.4.11 asks 3:1.

const theme = mergeMantineTheme(DEFAULT_THEME, ccqTheme);
const css = readFileSync(createRequire(import.meta.url).resolve('@mantine/core/styles.css'), 'utf8');

/** The value Mantine's stylesheet gives `property` in the rule whose selector ends with `selector`. */
function ruleValue(selector: string, property: string): string {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}\\s*\\{([^}]*)\\}`).exec(css);
  expect(match, `Mantine's stylesheet has a rule for ${selector}`).not.toBeNull();
  const value = new RegExp(`(?:^|[;\\s])${property}:\\s*([^;]+);`).exec(match![1]!)?.[1]?.trim();
  expect(value, `${selector} sets ${property}`).toBeDefined();
  return value!;
}

/** Resolves `var(--mantine-color-x-n)` through the variables set on the control, then the theme's palette. */
function resolveColour(value: string, variables: Record<string, unknown>): string {
  for (let depth = 0; depth < 5; depth++) {
    const name = /^var\((--[a-z0-9-]+)\)$/.exec(value)?.[1];
    if (!name) return value;
    const own = variables[name];
    if (typeof own === 'string') {
      value = own;
      continue;
    }
    const palette = /^--mantine-color-([a-z]+)-(\d)$/.exec(name);
    expect(palette, `${name} is a palette colour`).not.toBeNull();
    return theme.colors[palette![1]!]![Number(palette![2])]!;
  }
  throw new Error(`${value} does not resolve`);
}

function luminance(colour: string): number {
  // #rgb or #rrggbb
  const hex = colour.length === 4 ? `#${[...colour.slice(1)].map((c) => c + c).join('')}` : colour;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The inline styles ccqTheme gives a component's part. */
function themeStyles(component: string, part: string): Record<string, unknown> {
  const styles = (theme.components[component]?.styles ?? {}) as Record<string, Record<string, unknown>>;
  return styles[part] ?? {};
}

const white = theme.white;
const dark = theme.colors.dark;
const CONTROLS = [
  {
    name: 'input',
    variables: themeStyles('Input', 'wrapper'),
    light: ruleValue(`[data-mantine-color-scheme='light'] .${Input.classes.wrapper}[data-variant='default']`, '--input-bd'),
    dark: ruleValue(`[data-mantine-color-scheme='dark'] .${Input.classes.wrapper}[data-variant='default']`, '--input-bd'),
  },
  {
    name: 'checkbox',
    variables: themeStyles('Checkbox', 'root'),
    light: ruleValue(`:where([data-mantine-color-scheme='light']) .${Checkbox.classes.input}`, 'border-color'),
    dark: ruleValue(`:where([data-mantine-color-scheme='dark']) .${Checkbox.classes.input}`, 'border-color'),
  },
  {
    name: 'radio',
    variables: themeStyles('Radio', 'root'),
    light: ruleValue(`:where([data-mantine-color-scheme='light']) .${Radio.classes.radio}`, 'border-color'),
    dark: ruleValue(`:where([data-mantine-color-scheme='dark']) .${Radio.classes.radio}`, 'border-color'),
  },
];

describe('ccqTheme', () => {
  it('keeps white text on filled buttons at WCAG AA contrast (4.5:1) in both schemes', () => {
    expect(theme.primaryShade).toEqual({ light: 8, dark: 8 });
    expect(contrast(theme.colors.blue[8], white)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(Object.keys(DEFAULT_THEME.colors))('gives filled components text at 4.5:1 or more with %s as the primary colour', (primaryColor) => {
    const hostTheme = mergeMantineTheme(DEFAULT_THEME, { ...ccqTheme, primaryColor });
    for (const colorScheme of ['light', 'dark'] as const) {
      const fill = hostTheme.colors[primaryColor]![8]!;
      const text = getContrastColor({ color: primaryColor, theme: hostTheme, colorScheme });
      const textColour = text === 'var(--mantine-color-black)' ? hostTheme.black : text === 'var(--mantine-color-white)' ? hostTheme.white : text;
      expect(contrast(fill, textColour), `${textColour} on ${primaryColor} ${fill} (${colorScheme})`).toBeGreaterThanOrEqual(4.5);
    }
    // Mantine's default blue keeps white text.
    if (primaryColor === 'blue') expect(getContrastColor({ color: 'blue', theme: hostTheme })).toBe('var(--mantine-color-white)');
  });

  it.each(CONTROLS)('draws the resting border of a $name at 3:1 or more on its fill and the page, light and dark', (control) => {
    const light = resolveColour(control.light, control.variables);
    const darkBorder = resolveColour(control.dark, control.variables);
    // Light: white fill on a white page. Dark: dark-6 fill on the dark-7 page.
    expect(contrast(light, white), `${control.name} light ${light}`).toBeGreaterThanOrEqual(3);
    expect(contrast(darkBorder, dark[6]), `${control.name} dark ${darkBorder} on the fill`).toBeGreaterThanOrEqual(3);
    expect(contrast(darkBorder, dark[7]), `${control.name} dark ${darkBorder} on the page`).toBeGreaterThanOrEqual(3);
  });

  it('draws the track of a switch that is off at 3:1 or more on the page, and its white thumb at 3:1 on the track, light and dark', () => {
    const variables = themeStyles('Switch', 'root');
    const light = resolveColour(ruleValue(`[data-mantine-color-scheme='light'] .${Switch.classes.track}`, '--switch-bg'), variables);
    const darkTrack = resolveColour(ruleValue(`[data-mantine-color-scheme='dark'] .${Switch.classes.track}`, '--switch-bg'), variables);
    expect(contrast(light, white), `light track ${light} on the page`).toBeGreaterThanOrEqual(3);
    expect(contrast(white, light), `the thumb on the light track ${light}`).toBeGreaterThanOrEqual(3);
    expect(contrast(darkTrack, dark[7]), `dark track ${darkTrack} on the page`).toBeGreaterThanOrEqual(3);
    expect(contrast(white, darkTrack), `the thumb on the dark track ${darkTrack}`).toBeGreaterThanOrEqual(3);
  });
});
