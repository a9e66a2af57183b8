// Every colour of the app is a theme variable with a light and a dark value: no stylesheet but theme.css writes a
// colour, every variable a stylesheet uses exists, and each colour variable of the light theme has its dark value.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  allDeclarations,
  colorOf,
  declarations,
  parseColor,
  properties,
  quotedCustomProperties,
  resolve,
  ruleBody,
  THEME_CSS,
  themeVariables,
  UI_DIR,
} from './testing/themeCss';

function filesUnder(dir: string, extensions: readonly string[]): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => extensions.some((extension) => name.endsWith(extension)) && !/\.test\.tsx?$/.test(name) && !name.split(/[/\\]/).includes('testing'))
    .map((name) => join(dir, name));
}

const stylesheets = filesUnder(UI_DIR, ['.css']);
const scripts = filesUnder(UI_DIR, ['.ts', '.tsx']);
const css = (file: string) => readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
const themeCss = readFileSync(THEME_CSS, 'utf8');

// CSS's named colours that a stylesheet might reach for (not transparent or currentcolor, which take no theme).
const NAMED =
  /(?<![\w-])(?:white|black|red|green|blue|gray|grey|silver|yellow|orange|purple|pink|navy|teal|maroon|olive|lime|aqua|fuchsia|brown|gold)(?![\w-])/i;
const LITERAL = /#[0-9a-f]{3,8}(?![\w-])|(?<![\w-])(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(/i;

describe('colours come from the theme', () => {
  it('finds the stylesheets', () => {
    expect(stylesheets.length).toBeGreaterThan(10);
    expect(stylesheets).toContain(THEME_CSS);
  });

  it('no stylesheet but theme.css writes a colour of its own', () => {
    const literals = stylesheets
      .filter((file) => file !== THEME_CSS)
      .flatMap((file) =>
        allDeclarations(css(file))
          .filter(({ value }) => LITERAL.test(value) || NAMED.test(value))
          .map(({ line, property, value }) => `${relative(UI_DIR, file)}:${line} ${property}: ${value.trim()}`),
      );
    expect(literals, 'use a variable of src/ui/theme.css (add one, with its dark value, if none fits)').toEqual([]);
  });

  it('every variable a stylesheet uses is declared', () => {
    const declared = new Set<string>();
    for (const file of stylesheets) for (const { property } of allDeclarations(css(file))) if (property.startsWith('--')) declared.add(property);
    // Set from the page's code (the table's column template).
    for (const file of scripts) for (const name of quotedCustomProperties(readFileSync(file, 'utf8'))) declared.add(name);
    const missing = stylesheets.flatMap((file) =>
      [...css(file).matchAll(/var\((--[\w-]+)\s*\)/g)].filter((match) => !declared.has(match[1]!)).map((match) => `${relative(UI_DIR, file)}: ${match[1]}`),
    );
    expect(missing).toEqual([]);
  });

  it('each colour of the light theme has a dark value', () => {
    const light = declarations(ruleBody(themeCss, ':root')!);
    const dark = declarations(ruleBody(themeCss, ":root[data-theme='dark']")!);
    const withoutDark = [...light].filter(([name, value]) => LITERAL.test(value) && !dark.has(name)).map(([name]) => name);
    expect(light.size).toBeGreaterThan(40);
    expect(withoutDark).toEqual([]);
    // And the dark theme declares nothing the light one lacks (a typo would go unnoticed there).
    expect([...dark.keys()].filter((name) => !light.has(name))).toEqual([]);
  });

  it('the colours the canvases read from the page are theme colours', () => {
    const { light, dark } = themeVariables();
    const read = new Set<string>();
    for (const file of scripts) {
      const text = readFileSync(file, 'utf8');
      if (!text.includes('getComputedStyle')) continue;
      for (const name of quotedCustomProperties(text)) read.add(name);
    }
    expect(read).toContain('--overview-density');
    for (const name of read) {
      expect(parseColor(resolve(light, name)), `${name} (light)`).toBeDefined();
      expect(parseColor(resolve(dark, name)), `${name} (dark)`).toBeDefined();
    }
  });

  it('before the theme is set, a dark system gets the dark background', () => {
    const early = properties(ruleBody(themeCss, ':root:not([data-theme])')!);
    expect(early.get('color-scheme')).toBe('dark');
    expect(parseColor(early.get('background')!)).toEqual(colorOf(themeVariables().dark, '--bg'));
  });
});
