import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectLoaded, fixturePath, message, openApp, pasteIntoBox } from './helpers';

// Every width from 360 px: the columns stack below 900 px (the centre column alone, the findings and the detail as
// sheets), side by side above it with panes that resize and collapse. docs/page-hooks.md, "Layout and theme".

const REAL = 'real/claude-code-transcripts/sample_session.json';

async function openReal(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByTestId('timeline')).toHaveAttribute('data-state', 'ready');
  await page.getByTestId('file-input').setInputFiles(fixturePath(REAL));
  await expectLoaded(page, 'sample_session.json', 33);
}

/** How far the page scrolls sideways: 0 when nothing is wider than the window. */
const sidewaysScroll = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

const sheet = (page: Page, pane: 'findings' | 'detail') => page.locator(`[data-testid=sheet][data-pane=${pane}]`);

/**
 * A history whose chips are long: a tool with a 60-character name called with long arguments and ids, answered far
 * enough down that its off-screen chip shows, and a finding on a card.
 */
function longChips(): { text: string; count: number } {
  const name = 'fetch_quarterly_revenue_report_for_every_region_and_product_line';
  const messages: unknown[] = [
    { type: 'human', data: { content: 'Get the reports.', id: 'h_0', name: 'a_user_with_a_rather_long_display_name_that_goes_on' } },
    {
      type: 'ai',
      data: {
        content: '',
        id: 'ai_with_an_identifier_long_enough_to_be_cut_short_0123456789',
        tool_calls: [1, 2, 3].map((i) => ({
          name,
          args: { region: 'europe-middle-east-africa', quarter: `Q${i}`, format: 'detailed-csv' },
          id: `call_${i}_${'x'.repeat(40)}`,
          type: 'tool_call',
        })),
      },
    },
    ...Array.from({ length: 12 }, (_, i) => ({ type: i % 2 ? 'ai' : 'human', data: { content: `Filler ${i} `.repeat(12), id: `f_${i}` } })),
    ...[1, 2, 3].map((i) => ({ type: 'tool', data: { content: `report ${i}`, tool_call_id: `call_${i}_${'x'.repeat(40)}`, name, id: `t_${i}` } })),
  ];
  return { text: JSON.stringify(messages), count: messages.length };
}

for (const width of [360, 390, 768]) {
  test.describe(`${width} px wide`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('nothing scrolls the page sideways, the timeline shows its cards, and a selected message opens its detail as a sheet', async ({ page }) => {
      await openReal(page);
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      await expect(page.getByTestId('columns')).toHaveAttribute('data-layout', 'stacked');
      const timeline = await page.getByTestId('timeline').boundingBox();
      expect(timeline!.width).toBeGreaterThan(width * 0.8);
      const card = await message(page, 0).boundingBox();
      expect(card!.width).toBeGreaterThan(width * 0.6);
      // The side panes are closed sheets: the detail is not in view until a message is selected.
      await expect(page.getByTestId('detail')).toBeHidden();

      await message(page, 1).click();
      await expect(sheet(page, 'detail')).toHaveJSProperty('open', true);
      await expect(page.getByTestId('detail')).toBeVisible();
      await expect(page.getByTestId('detail')).toHaveAttribute('data-index', '1');
      await expect(page.getByTestId('detail-json')).toBeVisible();
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      await page.keyboard.press('Escape');
      await expect(sheet(page, 'detail')).toHaveJSProperty('open', false);
      await expect(page.getByTestId('detail')).toBeHidden();
      await expect(message(page, 1)).toHaveAttribute('data-selected', 'true');

      // Its toggle opens it again, and ✕ closes it.
      await page.locator('[data-testid=pane-toggle][data-pane=detail]').click();
      await expect(page.getByTestId('detail')).toBeVisible();
      await sheet(page, 'detail').getByTestId('sheet-close').click();
      await expect(page.getByTestId('detail')).toBeHidden();
    });

    test('the findings open as a sheet, and a finding chosen there shows its message', async ({ page }) => {
      await openReal(page);
      await expect(page.locator('[data-testid=finding]').first()).toBeHidden();
      const toggle = page.locator('[data-testid=pane-toggle][data-pane=findings]');
      await expect(toggle).toContainText('3');
      await toggle.click();
      await expect(sheet(page, 'findings')).toHaveJSProperty('open', true);
      const finding = page.locator('[data-testid=finding][data-rule=tool-error]');
      await expect(finding).toBeVisible();
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      await finding.click();
      // The message's detail takes the findings' place; closed, the timeline shows the message.
      await expect(sheet(page, 'findings')).toHaveJSProperty('open', false);
      await expect(page.getByTestId('detail')).toHaveAttribute('data-index', '20');
      await expect(page.getByTestId('detail')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(message(page, 20)).toHaveAttribute('data-selected', 'true');
      await expect(message(page, 20)).toBeInViewport();
    });

    test('chips stay inside their cards and the other views scroll their tables in their own box', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByTestId('timeline')).toHaveAttribute('data-state', 'ready');
      const history = longChips();
      // On a phone the ways to open a history fold behind *Open*.
      if (width < 600) {
        await expect(page.getByTestId('paste-input')).toBeHidden();
        await page.getByTestId('load-toggle').click();
      } else await expect(page.getByTestId('load-toggle')).toBeHidden();
      await pasteIntoBox(page, history.text);
      await expectLoaded(page, 'paste', history.count);
      await expect(message(page, 1).getByTestId('tool-call')).toHaveCount(3);
      await expect(message(page, 1).getByTestId('offscreen-link').first()).toBeVisible();
      for (const index of [0, 1]) {
        const card = (await message(page, index).boundingBox())!;
        const parts = message(page, index).locator('[data-testid=tool-call], [data-testid=offscreen-link], .card-head > *');
        for (const box of await parts.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect))) {
          if (box.width === 0) continue;
          expect(box.left).toBeGreaterThanOrEqual(card.x - 0.5);
          expect(box.right).toBeLessThanOrEqual(card.x + card.width + 0.5);
        }
      }
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

      for (const view of ['table', 'tools', 'tokens']) {
        await page.locator(`[data-testid=view-switch] [data-view=${view}]`).click();
        await expect(page.locator(`[data-testid=view-switch] [data-view=${view}]`)).toHaveAttribute('aria-pressed', 'true');
        await expect(page.locator('.view-loading')).toHaveCount(0);
        expect(await sidewaysScroll(page), view).toBeLessThanOrEqual(0);
      }
    });
  });
}

test.describe('1280 px wide', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  const pane = (page: Page, name: string) => page.locator(`[data-testid=pane][data-pane=${name}]`);
  const widthOf = async (page: Page, name: string) => (await pane(page, name).boundingBox())!.width;

  /** Drags the edge of pane `name` by `dx` pixels. */
  async function drag(page: Page, name: string, dx: number): Promise<void> {
    const box = (await page.locator(`[data-testid=pane-resize][data-pane=${name}]`).boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + 300;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx / 2, y, { steps: 4 });
    await page.mouse.move(x + dx, y, { steps: 4 });
    await page.mouse.up();
  }

  test('the side panes resize by drag, and keep their width after a reload', async ({ page }) => {
    await openReal(page);
    await expect(page.getByTestId('columns')).toHaveAttribute('data-layout', 'columns');
    const findings = await widthOf(page, 'findings');
    const detail = await widthOf(page, 'detail');
    await drag(page, 'findings', 120);
    await expect.poll(() => widthOf(page, 'findings')).toBeCloseTo(findings + 120, -1);
    // The detail's edge is on its left: dragged left, it widens.
    await drag(page, 'detail', -80);
    await expect.poll(() => widthOf(page, 'detail')).toBeCloseTo(detail + 80, -1);
    const timeline = (await page.getByTestId('timeline').boundingBox())!.width;
    expect(timeline).toBeGreaterThan(300);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

    // With the keyboard: the edge is a separator that the arrow keys move.
    const handle = page.locator('[data-testid=pane-resize][data-pane=findings]');
    await handle.focus();
    const before = Number(await handle.getAttribute('aria-valuenow'));
    await page.keyboard.press('ArrowLeft');
    await expect(handle).toHaveAttribute('aria-valuenow', String(before - 16));

    const kept = { findings: await widthOf(page, 'findings'), detail: await widthOf(page, 'detail') };
    await page.reload();
    await expect(page.getByTestId('timeline')).toHaveAttribute('data-state', 'ready');
    expect(await widthOf(page, 'findings')).toBeCloseTo(kept.findings, 0);
    expect(await widthOf(page, 'detail')).toBeCloseTo(kept.detail, 0);

    // The centre column keeps its room however far a pane is dragged.
    await drag(page, 'findings', 2000);
    expect((await page.getByTestId('timeline').boundingBox())!.width).toBeGreaterThan(280);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  });

  test('the side panes collapse and come back, also after a reload', async ({ page }) => {
    await openReal(page);
    const centre = (await page.getByTestId('timeline').boundingBox())!.width;
    const findingsToggle = page.locator('[data-testid=pane-toggle][data-pane=findings]');
    const detailToggle = page.locator('[data-testid=pane-toggle][data-pane=detail]');
    await expect(findingsToggle).toHaveAttribute('aria-expanded', 'true');
    await findingsToggle.click();
    await detailToggle.click();
    await expect(findingsToggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('[data-testid=finding]').first()).toBeHidden();
    await expect(page.getByTestId('detail')).toBeHidden();
    await expect.poll(async () => (await page.getByTestId('timeline').boundingBox())!.width).toBeGreaterThan(centre + 400);

    // Hidden, the detail's toggle names the selected message.
    await message(page, 3).click();
    await expect(detailToggle).toContainText('#3');

    await page.reload();
    await expect(page.getByTestId('timeline')).toHaveAttribute('data-state', 'ready');
    await expect(page.getByTestId('detail')).toBeHidden();
    await expect(findingsToggle).toHaveAttribute('aria-expanded', 'false');
    await findingsToggle.click();
    await detailToggle.click();
    await expect(page.locator('[data-testid=finding]').first()).toBeVisible();
    await expect(page.getByTestId('detail')).toBeVisible();
  });

  test('narrowed past the breakpoint, the columns stack, and widened they come back', async ({ page }) => {
    await openReal(page);
    await message(page, 2).click();
    await expect(page.getByTestId('detail')).toHaveAttribute('data-index', '2');
    await page.setViewportSize({ width: 600, height: 800 });
    await expect(page.getByTestId('columns')).toHaveAttribute('data-layout', 'stacked');
    await expect(page.getByTestId('detail')).toBeHidden();
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByTestId('columns')).toHaveAttribute('data-layout', 'columns');
    await expect(page.getByTestId('detail')).toBeVisible();
    await expect(page.getByTestId('detail')).toHaveAttribute('data-index', '2');
  });
});

test.describe('a phone, 360 × 780', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  // The header and the toolbars took 373 px (48%) here before they were packed (the summary on one line, the panes'
  // toggles beside the views, the jumps beside the search).
  for (const [label, open] of [
    ['the sample', (page: Page) => openApp(page)],
    ['a history with more facets', openReal],
  ] as const) {
    test(`the timeline starts within the top 40% of the screen, with ${label}, and every control is still there`, async ({ page }) => {
      await open(page);
      const top = (await page.getByTestId('timeline').boundingBox())!.y;
      expect(top).toBeLessThan(780 * 0.4);
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      for (const testId of ['export', 'share', 'load-toggle', 'theme-toggle', 'search', 'jump-first', 'jump-last', 'view-switch']) {
        await expect(page.getByTestId(testId), testId).toBeInViewport();
      }
      for (const pane of ['findings', 'detail']) await expect(page.locator(`[data-testid=pane-toggle][data-pane=${pane}]`), pane).toBeInViewport();
      await expect(page.getByTestId('role-filter').first()).toBeInViewport();
      await expect(page.getByTestId('facet').first()).toBeInViewport();
      await expect(page.getByRole('checkbox', { name: 'Links' })).toBeInViewport();
      // By their icons, named still: the panes' toggles and the jumps.
      await expect(page.getByRole('button', { name: /^Findings/ })).toBeVisible();
      await expect(page.getByRole('button', { name: 'First', exact: true })).toBeVisible();
      // The summary is one line; what the phone cuts short of it scrolls into view inside it.
      const total = page.getByTestId('token-total');
      await total.scrollIntoViewIfNeeded();
      // All of it, but for the fraction of a pixel that its scroll may leave.
      await expect(total).toBeInViewport({ ratio: 0.99 });
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    });
  }
});

test.describe('1920 px wide', () => {
  test.use({ viewport: { width: 1920, height: 900 } });

  test('a finding, its fix and a verdict that quote an id too long to break wrap it inside the column', async ({ page }) => {
    const id = `call_${'Q7'.repeat(70)}`;
    const messages = [
      { type: 'human', data: { content: 'Cancel my order.', id: 'h_0' } },
      {
        type: 'ai',
        data: { content: '', id: `ai_${'Z'.repeat(120)}`, tool_calls: [{ name: 'cancel_order', args: { order: 'NW-1' }, id, type: 'tool_call' }] },
      },
      { type: 'human', data: { content: 'Well?', id: 'h_1' } },
    ];
    await page.goto('/');
    await expect(page.getByTestId('timeline')).toHaveAttribute('data-state', 'ready');
    await pasteIntoBox(page, JSON.stringify(messages));
    await expectLoaded(page, 'paste', messages.length);
    await expect(page.locator('[data-testid=finding][data-rule=orphan-tool-call]')).toContainText(id);

    /** The elements of `container` wider than it or reaching past its right edge. */
    const overflowing = (container: Locator) =>
      container.evaluate((root) => {
        const box = root.getBoundingClientRect();
        return [...root.querySelectorAll('*')]
          .filter((element) => {
            const own = element.getBoundingClientRect();
            return own.width > 0 && (own.width > box.width + 0.5 || own.right > box.right + 0.5);
          })
          .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
      });
    const findings = page.getByRole('complementary', { name: 'Findings and provider verdicts' });
    const scrollsSideways = () => findings.evaluate((panel) => panel.scrollWidth > panel.clientWidth);
    expect(await overflowing(findings)).toEqual([]);
    expect(await scrollsSideways()).toBe(false);
    await page.locator('[data-testid=side-tab][data-tab=verdicts]').click();
    await expect(page.getByTestId('verdict-problem').first()).toContainText(id);
    expect(await overflowing(findings)).toEqual([]);
    expect(await scrollsSideways()).toBe(false);
    // The detail's list of the message's findings quotes it too.
    await message(page, 1).click();
    await expect(page.locator('.detail-findings')).toContainText(id);
    const detailFindings = page.getByTestId('detail').locator('.detail-findings');
    expect(await overflowing(detailFindings)).toEqual([]);
    expect(await detailFindings.evaluate((list) => list.scrollWidth <= list.clientWidth)).toBe(true);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  });
});
