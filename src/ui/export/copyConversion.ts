/**
 * Past this many characters *Copy* keeps an export off the clipboard and offers the download instead. Chromium
 * carries a clipboard write to the system in one message; tens of megabytes of JSON freeze the page while they
 * go, and no chat, issue or editor takes a paste that long.
 */
export const COPY_MAX_CHARS = 10_000_000;

/** Past this many characters a text the browser refused to copy is not put in a text box to copy by hand. */
export const BY_HAND_MAX_CHARS = 1_000_000;

/** What *Copy* did with an export: copied; too long to copy; refused by the browser (the text to copy by hand). */
export type ConversionCopy = { kind: 'copied'; chars: number } | { kind: 'too-big'; chars: number } | { kind: 'refused'; chars: number };

class TooBig extends Error {}

/**
 * Puts `text` (the worker's answer, still on its way) on the clipboard. The write leaves in the click's task: a
 * ClipboardItem takes the text as a promise, so browsers that allow writing only while handling the click
 * (Safari) take it too; writeText after the answer is the fallback. A text longer than COPY_MAX_CHARS is refused
 * before it reaches the clipboard.
 */
export async function copyConversion(text: Promise<string>): Promise<ConversionCopy> {
  // Not left unhandled while the clipboard waits on it; each path below awaits it again.
  text.catch(() => undefined);
  const written = await writeItem(text);
  const chars = (await text).length;
  if (chars > COPY_MAX_CHARS) return { kind: 'too-big', chars };
  if (written) return { kind: 'copied', chars };
  try {
    await navigator.clipboard.writeText(await text);
    return { kind: 'copied', chars };
  } catch {
    return { kind: 'refused', chars };
  }
}

async function writeItem(text: Promise<string>): Promise<boolean> {
  // Neither exists outside a secure context (a page served over plain HTTP from another machine).
  if (typeof ClipboardItem === 'undefined' || !('clipboard' in navigator)) return false;
  const blob = text.then((value) => {
    if (value.length > COPY_MAX_CHARS) throw new TooBig();
    return new Blob([value], { type: 'text/plain' });
  });
  try {
    await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
    return true;
  } catch {
    return false;
  }
}
