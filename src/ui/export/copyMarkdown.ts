import { useStore } from '../../store/store';
import type { Finding } from '../../core/model';

/** What *Copy as Markdown* did: copied (how long, whether secrets were replaced), or the text to copy by hand. */
export type MarkdownCopy =
  { kind: 'copied'; chars: number; redacted: number } | { kind: 'refused'; text: string; redacted: number } | { kind: 'failed'; message: string };

/** Possible secrets among `findings`: a copy replaces them unless the user asks for them. */
export const secretsIn = (findings: readonly Finding[]): number => findings.filter((f) => f.rule === 'possible-secret').length;

/**
 * The run on screen (`message` undefined) or one message as Markdown, on the clipboard. The request leaves in the
 * click's task: a ClipboardItem takes the text as a promise, filled when the worker answers, so that browsers that
 * allow writing only while handling the click (Safari) take it too; writeText after the answer is the fallback.
 */
export async function copyMarkdown(message: number | undefined, keepSecrets = false): Promise<MarkdownCopy> {
  const { session, view } = useStore.getState();
  if (!session || !view) return { kind: 'failed', message: 'No history is loaded.' };
  const secrets = secretsIn(message === undefined ? view.findings : view.findings.filter((f) => f.messageIndex === message));
  const redact = secrets > 0 && !keepSecrets;
  const redacted = redact ? secrets : 0;
  const text = session.markdown({ ...(message !== undefined && { message }), redact });
  // Not left unhandled while the clipboard waits on it; each path below awaits it again.
  text.catch(() => undefined);
  if (await writeItem(text)) return { kind: 'copied', chars: (await text).length, redacted };
  let markdown: string;
  try {
    markdown = await text;
  } catch (error) {
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
  try {
    await navigator.clipboard.writeText(markdown);
    return { kind: 'copied', chars: markdown.length, redacted };
  } catch {
    return { kind: 'refused', text: markdown, redacted };
  }
}

async function writeItem(text: Promise<string>): Promise<boolean> {
  // Neither exists outside a secure context (a page served over plain HTTP from another machine).
  if (typeof ClipboardItem === 'undefined' || !('clipboard' in navigator)) return false;
  try {
    await navigator.clipboard.write([new ClipboardItem({ 'text/plain': text.then((markdown) => new Blob([markdown], { type: 'text/plain' })) })]);
    return true;
  } catch {
    return false;
  }
}
