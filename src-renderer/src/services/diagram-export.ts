/** Saves a rendered diagram as SVG or PNG (drawn onto a canvas from the SVG itself, offline). */
import { downloadText } from './download';

export function exportSvg(svg: string, fileName: string): void {
  downloadText(`${fileName}.svg`, svg, 'image/svg+xml');
}

/** The SVG's own size, from its viewBox (sequence-svg.ts sets one). */
function sizeOf(svg: SVGSVGElement): { width: number; height: number } {
  const box = svg.viewBox.baseVal;
  if (box && box.width > 0) return { width: box.width, height: box.height };
  const rect = svg.getBoundingClientRect();
  return { width: Math.max(1, rect.width), height: Math.max(1, rect.height) };
}

export async function exportPng(svgElement: SVGSVGElement, fileName: string, scale = 2): Promise<void> {
  const { width, height } = sizeOf(svgElement);
  const clone = svgElement.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  const text = new XMLSerializer().serializeToString(clone);
  // A data: URL (allowed by img-src) keeps the canvas untainted, so it can be exported.
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(width * scale);
  canvas.height = Math.ceil(height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.scale(scale, scale);
  context.drawImage(image, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('The PNG could not be made');
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${fileName}.png`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
