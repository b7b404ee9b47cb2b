/**
 * Mermaid, loaded on first use (it is large), set up for the console's Content-Security-Policy: strict
 * security level (its DOMPurify pass, no click handlers), no script of its own, plain SVG text labels.
 */
import type { Mermaid } from 'mermaid';

let loading: Promise<Mermaid> | null = null;
let renders = 0;

function load(): Promise<Mermaid> {
  loading ??= import('mermaid').then(({ default: mermaid }) => {
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: 'strict',
      theme: 'neutral',
      htmlLabels: false,
      // Scaled to the panel: the whole conversation at a glance (the SVG export keeps full size).
      sequence: { useMaxWidth: true, showSequenceNumbers: true, wrap: false },
      fontFamily: 'system-ui, sans-serif',
    });
    return mermaid;
  });
  return loading;
}

/** Renders Mermaid source to an SVG string. */
export async function renderMermaid(source: string): Promise<string> {
  const mermaid = await load();
  renders += 1;
  const { svg } = await mermaid.render(`sequence-diagram-${renders}`, source);
  return svg;
}
