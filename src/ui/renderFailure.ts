/**
 * The page when the render chunk (React and the app) fails to load or to start, e.g. the network
 * dropped or a new deploy replaced the file: drawn with plain DOM, since React is what failed. The
 * error's text goes in as text, never as HTML.
 */
export function showRenderFailure(root: HTMLElement, error: unknown): void {
  console.error('msgscope could not start', error);
  const box = document.createElement('div');
  box.className = 'crash';
  box.setAttribute('role', 'alert');
  box.dataset.testid = 'render-failure';
  const title = document.createElement('h1');
  title.textContent = 'msgscope could not start';
  const reason = document.createElement('p');
  reason.textContent = error instanceof Error ? error.message : String(error);
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.textContent = 'Reload the page';
  reload.addEventListener('click', () => window.location.reload());
  box.append(title, reason, reload);
  root.replaceChildren(box);
}
