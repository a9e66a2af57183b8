/** Puts `text` on the clipboard; false when the browser refuses (no permission, the page not focused): the dialog then shows it to copy by hand. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
