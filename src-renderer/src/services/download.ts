/** Saves text as a file through the browser's download (works the same in Electron and browser mode). */
export function downloadText(fileName: string, text: string, type: string): void {
  downloadBlob(fileName, new Blob([text], { type }));
}

/** Saves a Blob as a file through the browser's download. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // Revoke later: Chromium reads the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const stamp = (date = new Date()) => date.toISOString().replace(/[:.]/g, '-').slice(0, 19);
