/** Saves `text` as a file through the browser's own download: a Blob URL, nothing leaves the machine. */
export function downloadText(text: string, fileName: string): void {
  downloadBlob(new Blob([text], { type: 'application/json' }), fileName);
}

/** Saves `blob` as a file, as downloadText does. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; revoking later frees the Blob all the same.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
