/**
 * Files a tester attaches to a manual verdict (a screenshot, a receipt): kept by main in the user-data
 * folder (`qa-evidence/<run>/`) with their SHA-256, so a report can name exactly what was attached.
 * The name and bytes are data: the type is read from the bytes (never the name or a claimed type), the
 * file name is reduced to safe characters inside the run's folder, and reports only list the files.
 */
import { mainText } from '@shared/console-text';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { ConsoleFailure } from '@shared/result';
import type { ManualEvidence } from '@shared/contract/qa';
import { writeFileAtomic } from '../common/atomic-file';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** All files of one answer together (the renderer checks the same before sending). */
export const MAX_EVIDENCE_BYTES = 500_000;

/** The few types a report names; anything else is kept as plain bytes. */
function sniff(bytes: Buffer): string {
  const starts = (...head: number[]) => head.every((byte, index) => bytes[index] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  if (starts(0x25, 0x50, 0x44, 0x46)) return 'application/pdf';
  return 'application/octet-stream';
}

/** The last segment of a name, in letters, digits, `.`, `-` and `_` only (never hidden, never empty). */
export const safeEvidenceName = (name: string): string =>
  (name.split(/[\\/]/).pop() ?? '')
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/^\.+/, '')
    .slice(0, 80) || 'evidence';

export async function keepEvidence(
  evidenceDir: string,
  runId: string,
  step: { scenarioKey: string; stepIndex: number },
  items: ReadonlyArray<{ name: string; base64: string }>,
): Promise<ManualEvidence[]> {
  const kept: ManualEvidence[] = [];
  const folder = safeEvidenceName(runId);
  const stepTag = `${safeEvidenceName(step.scenarioKey.replace(/[/#]/g, '_'))}-step${step.stepIndex + 1}`;
  for (const item of items)
    if (!BASE64.test(item.base64))
      throw new ConsoleFailure('invalid-input', mainText('evidenceNotBase64', { name: item.name }), {
        reason: 'evidence-encoding',
      });
  const decoded = items.map((item) => Buffer.from(item.base64, 'base64'));
  const total = decoded.reduce((sum, bytes) => sum + bytes.length, 0);
  // Checked before anything is written: a refused answer leaves no file behind.
  if (total > MAX_EVIDENCE_BYTES)
    throw new ConsoleFailure('invalid-input', mainText('evidenceTooLarge', { bytes: total, max: MAX_EVIDENCE_BYTES }), {
      reason: 'evidence-size',
    });
  for (const [index, item] of items.entries()) {
    const bytes = decoded[index]!;
    const savedAs = `${folder}/${stepTag}-${index + 1}-${safeEvidenceName(item.name)}`;
    await writeFileAtomic(join(evidenceDir, ...savedAs.split('/')), bytes);
    kept.push({
      name: item.name,
      mediaType: sniff(bytes),
      bytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      savedAs,
    });
  }
  return kept;
}
