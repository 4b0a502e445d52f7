import type { DownloadedFile } from './request';

/** Downloads go through the one request layer (request.ts); this module only saves the file. */
export { type DownloadedFile, fileNameFromDisposition, isJsonAnswer, requestBlob } from './request';

/** Hands a downloaded file to the browser as a download. */
export function saveBlob(file: DownloadedFile, fallbackName: string): void {
  const url = URL.createObjectURL(file.blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = file.fileName ?? fallbackName;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
