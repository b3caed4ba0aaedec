/** Hands a blob to the browser as a download with the given name. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the URL may go a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
