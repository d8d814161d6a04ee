/** Hands a text file to the browser as a download (no server round trip). */
export function downloadText(
  fileName: string,
  text: string,
  type = 'text/csv;charset=utf-8',
): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL can go once the event loop moves on.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
