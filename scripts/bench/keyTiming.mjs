// How long each key of a typed word takes to show (Event Timing), shared by the search box and the table filter
// benches: the watch is set up in the page before typing, the figures read after.

/**
 * From now on, in the page: each key's Event Timing duration (key press → the next frame showing it, rounded to
 * 8 ms by the browser) and, in `window.__lastInput`, the time of the last input event on `selector`.
 */
export function watchKeys(page, selector) {
  return page.evaluate((inputSelector) => {
    window.__keyDurations = {};
    new PerformanceObserver((list) => {
      // One key is one interaction (keydown, keypress, keyup share its id): its duration is its longest event's.
      for (const entry of list.getEntries()) {
        if (entry.interactionId) window.__keyDurations[entry.interactionId] = Math.max(window.__keyDurations[entry.interactionId] ?? 0, entry.duration);
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: false });
    document.querySelector(inputSelector).addEventListener('input', () => (window.__lastInput = performance.now()));
  }, selector);
}

/** Forgets the keys seen so far: what the page did before typing (clearing the box) is no key of the word. */
export const forgetKeys = (page) => page.evaluate(() => (window.__keyDurations = {}));

/** After typing `word`: its keys, the slowest key's duration and how many keys took over 50 ms. */
export async function keyFigures(page, word) {
  // Entries under 16 ms are not reported: a key that took less counts as 16 at most.
  const durations = await page.evaluate(() => Object.values(window.__keyDurations));
  return { keys: word.length, slowestKeyMs: Math.max(16, ...durations), keysOver50: durations.filter((d) => d > 50).length };
}
