/**
 * Hands `content` to the browser as a download named `fileName`: a blob, a
 * temporary link with `download`, a click, then the blob's address is freed.
 */
export function saveFile(content: BlobPart, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Some browsers read the blob after the click returns; free it a moment later.
    window.setTimeout(() => {
      URL.revokeObjectURL(url);
    }, 1000);
  }
}
