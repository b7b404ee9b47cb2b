/**
 * Evidence pasted into a manual step's prompt (Ctrl+V): a screenshot from the clipboard, or text (a log
 * line, a receipt number). Pasted text is data: it becomes a plain-text file and is never rendered;
 * only its name is shown. Images are limited to the types a report names and, with the attached files,
 * to the size one answer may carry. Main checks the same limits again (manual-evidence.ts).
 */

/** What the contract carries per answer (main refuses more). */
export const MAX_EVIDENCE_FILES = 3;
/** All attached and pasted files together; their base64 must fit the host's 1 MB request. */
export const MAX_EVIDENCE_BYTES = 500_000;
export const PASTED_IMAGE_TYPES: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

export type EvidenceProblem =
  | { key: 'qa.evidence.tooLarge'; params: { max: string } }
  | { key: 'qa.evidence.tooMany'; params: { max: number } }
  | { key: 'qa.evidence.pasteType'; params: { type: string } }
  | { key: 'qa.evidence.pasteEmpty'; params: Record<string, never> };

export type PastedEvidence = { ok: true; files: File[] } | { ok: false; problem: EvidenceProblem };

const sizeProblem = (files: readonly File[]): EvidenceProblem | null => {
  if (files.length > MAX_EVIDENCE_FILES) return { key: 'qa.evidence.tooMany', params: { max: MAX_EVIDENCE_FILES } };
  const total = files.reduce((sum, file) => sum + file.size, 0);
  return total > MAX_EVIDENCE_BYTES ? { key: 'qa.evidence.tooLarge', params: { max: '500 KB' } } : null;
};

/** The files to attach once `picked` (already attached) is joined by what the clipboard holds. */
export function evidenceFromClipboard(clipboard: DataTransfer | null, picked: readonly File[]): PastedEvidence {
  const added: File[] = [];
  const items = [...(clipboard?.items ?? [])];
  for (const item of items.filter((entry) => entry.kind === 'file')) {
    const extension = PASTED_IMAGE_TYPES[item.type];
    if (!extension) return { ok: false, problem: { key: 'qa.evidence.pasteType', params: { type: item.type || '?' } } };
    const file = item.getAsFile();
    if (file)
      added.push(
        new File([file], `pasted-image-${picked.length + added.length + 1}.${extension}`, { type: item.type }),
      );
  }
  if (!added.length) {
    const text = clipboard?.getData('text/plain') ?? '';
    if (text.trim())
      added.push(new File([text], `pasted-text-${picked.length + 1}.txt`, { type: 'text/plain;charset=utf-8' }));
  }
  if (!added.length) return { ok: false, problem: { key: 'qa.evidence.pasteEmpty', params: {} } };
  const files = [...picked, ...added];
  const problem = sizeProblem(files);
  return problem ? { ok: false, problem } : { ok: true, files };
}

/** Files chosen with the file picker, checked against the same limits. */
export function evidenceFromPicker(chosen: readonly File[]): PastedEvidence {
  const problem = sizeProblem(chosen);
  return problem ? { ok: false, problem } : { ok: true, files: [...chosen] };
}
