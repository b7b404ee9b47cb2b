import { describe, expect, it } from 'vitest';
import { evidenceFromClipboard } from '../../../src-renderer/src/features/qa/evidence-paste';

/** A clipboard as a paste event hands it over: file items and a text/plain entry. */
function clipboard(files: File[], text = ''): DataTransfer {
  const items = files.map((file) => ({ kind: 'file', type: file.type, getAsFile: () => file }));
  return { items, getData: (type: string) => (type === 'text/plain' ? text : '') } as unknown as DataTransfer;
}

describe('evidence pasted into a manual step', () => {
  it('a pasted screenshot is attached under a name of its own; pasted text becomes a plain-text file', () => {
    const shot = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'image.png', { type: 'image/png' });
    const first = evidenceFromClipboard(clipboard([shot]), []);
    expect(first.ok && first.files.map((file) => file.name)).toEqual(['pasted-image-1.png']);
    const second = evidenceFromClipboard(clipboard([], '<b>receipt</b>'), first.ok ? first.files : []);
    expect(second.ok && second.files.map((file) => [file.name, file.type])).toEqual([
      ['pasted-image-1.png', 'image/png'],
      ['pasted-text-2.txt', 'text/plain;charset=utf-8'],
    ]);
  });

  it('pasted evidence limits: other file types, a fourth file, more than 500 KB and an empty clipboard are refused with their reason', () => {
    const svg = new File(['<svg onload=alert(1)>'], 'x.svg', { type: 'image/svg+xml' });
    expect(evidenceFromClipboard(clipboard([svg]), [])).toEqual({
      ok: false,
      problem: { key: 'qa.evidence.pasteType', params: { type: 'image/svg+xml' } },
    });
    const small = (name: string) => new File(['x'], name, { type: 'text/plain' });
    expect(evidenceFromClipboard(clipboard([], 'four'), [small('a'), small('b'), small('c')])).toMatchObject({
      ok: false,
      problem: { key: 'qa.evidence.tooMany' },
    });
    const big = new File([new Uint8Array(400_000)], 'big.png', { type: 'image/png' });
    expect(evidenceFromClipboard(clipboard([big]), [new File([new Uint8Array(200_000)], 'a.png')])).toMatchObject({
      ok: false,
      problem: { key: 'qa.evidence.tooLarge' },
    });
    expect(evidenceFromClipboard(clipboard([], '   '), [])).toMatchObject({
      ok: false,
      problem: { key: 'qa.evidence.pasteEmpty' },
    });
  });
});
