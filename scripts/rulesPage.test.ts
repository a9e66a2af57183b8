import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rules } from '../src/core/checks';
import { REPAIRED_RULES } from '../src/core/repair/planConversation';
import { rulesPage, slug } from './rulesPage';

const markdown = readFileSync(join(import.meta.dirname, '../docs/RULES.md'), 'utf8');
const page = rulesPage(markdown);
const ids = [...page.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]);

describe('the rules page the app ships', () => {
  it('has an anchor for every rule, and one for every repair', () => {
    for (const { id } of rules) expect(page, id).toContain(`<tr id="${id}">`);
    for (const rule of REPAIRED_RULES) expect(page, rule).toContain(`<tr id="repair-${rule}">`);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps the document’s own links working, as GitHub’s heading anchors', () => {
    expect(slug('possible-secret: what counts as a secret')).toBe('possible-secret-what-counts-as-a-secret');
    for (const [, target] of markdown.matchAll(/\]\(#([^)]+)\)/g)) expect(ids, target).toContain(target);
  });

  it('loads nothing but its stylesheet: no script, links to other docs as text, the web only in a new tab', () => {
    expect(page).not.toMatch(/<script/i);
    expect(page).toContain(`content="default-src 'none'; style-src 'self'; base-uri 'none'; form-action 'none'"`);
    expect(page).not.toMatch(/href="[^"#]*\.md/);
    for (const [tag] of page.matchAll(/<a href="https?:[^>]*>/g)) expect(tag).toContain('target="_blank" rel="noopener noreferrer"');
  });
});
