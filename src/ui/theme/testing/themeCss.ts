// Reads src/ui/theme.css the way the browser resolves it, for the contrast and colour tests: the light variables of
// `:root`, the dark ones of `:root[data-theme='dark']` over them, `var()` references followed, colours as sRGB.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const UI_DIR = join(import.meta.dirname, '../..');
export const THEME_CSS = join(UI_DIR, 'theme.css');

export type ThemeName = 'light' | 'dark';
export type Variables = ReadonlyMap<string, string>;

/** An sRGB colour with its alpha, channels 0-255, alpha 0-1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

const withoutComments = (css: string): string => css.replace(/\/\*[\s\S]*?\*\//g, '');

/** The body of the first rule whose selector is exactly `selector` (outside or inside an at-rule). */
export function ruleBody(css: string, selector: string): string | undefined {
  const text = withoutComments(css);
  let from = 0;
  for (;;) {
    const open = text.indexOf('{', from);
    if (open < 0) return undefined;
    const close = text.indexOf('}', open);
    // The selector is what stands between the previous brace (or `;`) and this one.
    const head = text.slice(Math.max(text.lastIndexOf('}', open), text.lastIndexOf('{', open - 1)) + 1, open).trim();
    if (head === selector) return text.slice(open + 1, close);
    from = open + 1;
  }
}

/** The custom properties declared in a rule's body, in order. */
export function declarations(body: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of body.split(';')) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    const name = part.slice(0, colon).trim();
    if (name.startsWith('--'))
      found.set(
        name,
        part
          .slice(colon + 1)
          .trim()
          .replace(/\s+/g, ' '),
      );
  }
  return found;
}

/** Every declaration of a stylesheet (comments removed) with its line: what stands before each `;` or `}` in a rule. */
export function allDeclarations(text: string): { line: number; property: string; value: string }[] {
  const found: { line: number; property: string; value: string }[] = [];
  let start = 0;
  let line = 1;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (char !== '{' && char !== '}' && char !== ';') continue;
    const part = text.slice(start, at);
    const colon = part.indexOf(':');
    // What ends at `{` is a selector or an at-rule's prelude, not a declaration.
    if (char !== '{' && colon >= 0) {
      const leading = part.length - part.trimStart().length;
      found.push({ line: line + part.slice(0, leading).split('\n').length - 1, property: part.slice(0, colon).trim(), value: part.slice(colon + 1).trim() });
    }
    line += part.split('\n').length - 1;
    start = at + 1;
  }
  return found;
}

/** The names in `text` written as a quoted string that starts with `--` ('--name', "--name" or `--name`). */
export function quotedCustomProperties(text: string): string[] {
  const found: string[] = [];
  for (let at = text.indexOf('--'); at >= 0; at = text.indexOf('--', at + 2)) {
    const quote = text[at - 1];
    if (quote !== "'" && quote !== '"' && quote !== '`') continue;
    const end = text.indexOf(quote, at);
    const name = end < 0 ? '' : text.slice(at, end);
    if (/^--[a-z0-9-]+$/i.test(name)) found.push(name);
  }
  return found;
}

/** Every property (custom or not) declared in a rule's body. */
export function properties(body: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of body.split(';')) {
    const colon = part.indexOf(':');
    if (colon >= 0) found.set(part.slice(0, colon).trim(), part.slice(colon + 1).trim());
  }
  return found;
}

export const LIGHT_SELECTOR = ':root';
export const DARK_SELECTOR = ":root[data-theme='dark']";

/** Each theme's variables as `:root` computes them: the light ones, and for dark the dark ones over them. */
export function themeVariables(css = readFileSync(THEME_CSS, 'utf8')): Record<ThemeName, Variables> {
  const light = ruleBody(css, LIGHT_SELECTOR);
  const dark = ruleBody(css, DARK_SELECTOR);
  if (light === undefined || dark === undefined) throw new Error(`theme.css has no ${light === undefined ? LIGHT_SELECTOR : DARK_SELECTOR} rule`);
  const lightVars = declarations(light);
  return { light: lightVars, dark: new Map([...lightVars, ...declarations(dark)]) };
}

/** `name`'s value with every `var(--x)` replaced by the value of --x in the same theme. */
export function resolve(variables: Variables, name: string, seen: ReadonlySet<string> = new Set()): string {
  const value = variables.get(name);
  if (value === undefined) throw new Error(`${name} is not declared`);
  if (seen.has(name)) throw new Error(`${name} refers to itself`);
  return value.replace(/var\((--[\w-]+)\)/g, (_match, inner: string) => resolve(variables, inner, new Set([...seen, name])));
}

/** A colour written as #rgb, #rrggbb, #rrggbbaa or rgb(r g b / a%), else undefined. */
export function parseColor(text: string): Rgba | undefined {
  const value = text.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(value)?.[1];
  if (hex !== undefined) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    const channel = (i: number): number => parseInt(full.slice(i * 2, i * 2 + 2), 16);
    return { r: channel(0), g: channel(1), b: channel(2), a: full.length === 8 ? channel(3) / 255 : 1 };
  }
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)\s*(?:[/,]\s*([\d.]+)(%?)\s*)?\)$/.exec(value);
  if (rgb) {
    const alpha = rgb[4] === undefined ? 1 : Number(rgb[4]) / (rgb[5] === '%' ? 100 : 1);
    return { r: Number(rgb[1]), g: Number(rgb[2]), b: Number(rgb[3]), a: alpha };
  }
  return undefined;
}

/** `top` painted over the opaque `under`. */
export function over(top: Rgba, under: Rgba): Rgba {
  const mix = (a: number, b: number): number => a * top.a + b * (1 - top.a);
  return { r: mix(top.r, under.r), g: mix(top.g, under.g), b: mix(top.b, under.b), a: 1 };
}

/** WCAG 2.2 relative luminance (https://www.w3.org/TR/WCAG22/#dfn-relative-luminance). */
export function luminance({ r, g, b }: Rgba): number {
  const linear = (channel: number): number => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2.2 contrast ratio (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio) of a colour on an opaque background. */
export function contrast(foreground: Rgba, background: Rgba): number {
  const a = luminance(over(foreground, background));
  const b = luminance(background);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** A theme variable as a colour; a translucent background is laid over `--bg`, as the page draws it. */
export function colorOf(variables: Variables, name: string): Rgba {
  const value = resolve(variables, name);
  const color = parseColor(value);
  if (!color) throw new Error(`${name} is not a colour: ${value}`);
  return color;
}
