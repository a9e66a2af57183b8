// WCAG 2.2 AA contrast of the colours the app draws together, in both themes, computed from theme.css itself: a
// change of colour that makes a pair unreadable fails here. Text needs 4.5:1 (1.4.3; the app's text is small), lines,
// marks and the parts of controls that identify them 3:1 (1.4.11).
import { describe, expect, it } from 'vitest';
import { colorOf, contrast, over, parseColor, themeVariables, type ThemeName } from './testing/themeCss';

const TEXT = 4.5;
const GRAPHIC = 3;

/** What is drawn on what, and where (the first stylesheet rule that does it). */
interface Pair {
  fg: string;
  on: string;
  min: number;
  where: string;
}

const pair = (fg: string, on: string, min: number, where: string): Pair => ({ fg, on, min, where });

const TEXT_ON_SURFACES = ['--bg', '--surface', '--surface-2', '--accent-soft', '--highlight'].flatMap((on) => [
  pair('--text', on, TEXT, 'body text, cards, panels'),
  pair('--muted', on, TEXT, 'secondary text: indexes, ids, times, counts'),
]);

const ROLES = ['system', 'human', 'ai', 'tool', 'other'];
const SEVERITIES = ['error', 'warning', 'info'];

const PAIRS: Pair[] = [
  ...TEXT_ON_SURFACES,
  // Text inside tinted chips and rows: tool call and result chips, failed tool rows, verdict errors.
  ...['--role-ai-soft', '--role-tool-soft', '--sev-error-soft', '--sev-warning-soft', '--sev-info-soft'].flatMap((on) => [
    pair('--text', on, TEXT, 'chips and tinted rows'),
    pair('--muted', on, TEXT, 'call arguments in chips, cells of tinted rows'),
  ]),
  pair('--accent', '--surface', TEXT, 'links, link buttons, sort marks'),
  pair('--accent', '--surface-2', TEXT, 'links on toolbars and code blocks'),
  pair('--accent', '--accent-soft', TEXT, 'the format pill, a pressed toggle, a hovered link'),
  pair('--accent', '--bg', GRAPHIC, 'the focus ring and the selected card on the timeline'),
  pair('--accent', '--surface', GRAPHIC, 'the focus ring on a panel'),
  pair('--accent', '--sev-error-soft', TEXT, 'message links in a failed call row'),
  pair('--accent', '--sev-warning-soft', TEXT, 'message links in a failed tool row'),
  pair('--on-accent', '--accent', TEXT, 'the primary button'),
  pair('--on-accent', '--accent-hover', TEXT, 'the primary button, hovered'),
  pair('--field-border', '--surface', GRAPHIC, 'a text field: its border is what shows it'),
  pair('--field-border', '--surface-2', GRAPHIC, 'a text field on a toolbar'),
  pair('--highlight-border', '--surface', GRAPHIC, 'the selected turn on the context chart'),
  pair('--text', '--search-hit', TEXT, 'a search match (mark.search-hit)'),
  ...['--surface', '--surface-2', '--highlight', '--search-hit'].map((on) => pair('--search-hit-border', on, GRAPHIC, "a search match's underline")),
  // Roles: the badge (text on its soft colour), the message type and the role's colour bar on a card, the overview
  // strip's band and the table's role dot.
  ...ROLES.flatMap((role) => [
    pair(`--role-${role}`, `--role-${role}-soft`, TEXT, `.role-badge.role-${role}`),
    pair(`--role-${role}`, '--surface', TEXT, `.source-type on a ${role} card`),
    pair(`--role-${role}`, '--highlight', TEXT, `.source-type on a highlighted ${role} card`),
    pair(`--role-${role}`, '--bg', GRAPHIC, `a ${role} card's left bar against the timeline`),
  ]),
  pair('--role-ai', '--surface-2', TEXT, 'the ✓ of accepting verdicts in its count'),
  // Severities: pills and card markers (text on the soft colour), rule ids and statuses on panels, the overview's
  // markers, the failed connector.
  ...SEVERITIES.flatMap((sev) => [
    pair(`--sev-${sev}`, `--sev-${sev}-soft`, TEXT, `.severity-pill, .finding-marker, .tool-status (${sev})`),
    pair(`--sev-${sev}`, '--surface', TEXT, `.finding-rule, verdict status, bad cells (${sev})`),
    pair(`--sev-${sev}`, '--accent-soft', TEXT, `the rule id of the active finding (${sev})`),
    pair(`--sev-${sev}`, '--bg', GRAPHIC, `an overview marker, a failed connector (${sev})`),
  ]),
  pair('--sev-warning', '--surface-2', TEXT, 'the ? of unjudged verdicts in its count'),
  pair('--on-strong', '--sev-error', TEXT, '.status-error, a filled tool status badge'),
  pair('--on-strong', '--sev-warning', TEXT, 'a filled tool status badge (tool error)'),
  // Links, the overview strip, JSON trees.
  pair('--connector', '--bg', GRAPHIC, 'a connector between a call and its result'),
  pair('--overview-view-border', '--surface', GRAPHIC, 'the part of the run in view, on the overview strip'),
  ...['--code-key', '--code-string', '--code-number', '--code-literal'].map((name) => pair(name, '--surface-2', TEXT, `JSON tree ${name}`)),
  // Charts: the context chart's lines, its axis labels, the composition's categories.
  ...['--accent', '--role-ai', '--sev-error'].map((name) => pair(name, '--surface', GRAPHIC, `context chart series ${name}`)),
  pair('--muted', '--surface', TEXT, 'chart axis labels'),
  ...['--cc-other-tools', ...Array.from({ length: 9 }, (_, i) => `--cc-tool-${i + 1}`)].map((name) =>
    pair(name, '--surface', GRAPHIC, `context composition category ${name}`),
  ),
];

describe('the contrast computation', () => {
  it('gives the ratios WCAG gives', () => {
    const white = parseColor('#fff')!;
    expect(contrast(parseColor('#000')!, white)).toBeCloseTo(21, 5);
    expect(contrast(white, white)).toBe(1);
    // #767676 is the lightest grey that passes 4.5:1 on white.
    expect(contrast(parseColor('#767676')!, white)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(parseColor('#777777')!, white)).toBeLessThan(4.5);
  });

  it('lays a translucent colour over its background', () => {
    const half = parseColor('rgb(0 0 0 / 50%)')!;
    expect(over(half, parseColor('#ffffff')!)).toEqual({ r: 127.5, g: 127.5, b: 127.5, a: 1 });
    expect(parseColor('rgb(59, 91, 219)')).toEqual({ r: 59, g: 91, b: 219, a: 1 });
  });
});

describe.each<ThemeName>(['light', 'dark'])('the %s theme', (theme) => {
  const variables = themeVariables()[theme];
  const background = (name: string) => over(colorOf(variables, name), colorOf(variables, '--bg'));

  it.each(PAIRS.map((p) => [`${p.fg} on ${p.on}`, p] as const))('%s meets AA', (_name, p) => {
    const ratio = contrast(colorOf(variables, p.fg), background(p.on));
    expect(ratio, `${theme}: ${p.fg} on ${p.on} is ${ratio.toFixed(2)}:1, below ${p.min}:1 (${p.where})`).toBeGreaterThanOrEqual(p.min);
  });
});
