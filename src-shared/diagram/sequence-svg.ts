/**
 * The one sequence-diagram renderer, for the app (demo, transaction view, SVG/PNG export) and the QA
 * reports. The typed model (sequence-model.ts) is laid out as typed shapes — one column per participant,
 * one row per message, replies dashed — and the shapes are written as self-contained SVG text here or
 * drawn by the app's Vue template (SequenceDiagram.vue), with no diagram language and no HTML in between:
 * every text (participant names, gateway status codes, messages) is character data of a <text> element,
 * so it cannot become a directive, a style, a link, markup or a script; nothing refers outside the file.
 */
import { xmlEscape as xml } from '../xml-text';
import { PARTICIPANTS, type DiagramMessage, type DiagramWords, type Participant } from './sequence-model';

const COLUMN = 240;
const MARGIN = 20;
const HEADER = 44;
const ROW = 30;
const FONT = 'system-ui,-apple-system,Segoe UI,Roboto,sans-serif';

const clock = (ms: number, timeZone?: string) =>
  new Date(ms).toLocaleTimeString('en-GB', { hour12: false, ...(timeZone ? { timeZone } : {}) });

export interface SequenceSvgOptions {
  /** Accessible name of the picture (its <title>). */
  title: string;
  /** Zone the HH:MM:SS times are shown in (the system's by default). */
  timeZone?: string;
}

/**
 * One shape of the picture. `attrs` hold only the renderer's own numbers and constants; the one piece of
 * outside text a shape can carry is `text`, which every serialisation writes as character data.
 */
export interface SequenceShape {
  tag: 'rect' | 'line' | 'polygon' | 'text';
  attrs: Readonly<Record<string, string | number>>;
  text?: string;
}

/** The picture as typed shapes: what both serialisations (SVG text here, the app's Vue template) draw. */
export interface SequenceLayout {
  title: string;
  width: number;
  height: number;
  shapes: SequenceShape[];
}

/**
 * The attributes of the <svg> element itself (constants and the layout's numbers). Not its namespace: a
 * DOM gives the element that itself, and a second `xmlns` attribute would break the serialised copy.
 */
export const svgAttributes = (layout: SequenceLayout) => ({
  role: 'img',
  width: layout.width,
  height: layout.height,
  viewBox: `0 0 ${layout.width} ${layout.height}`,
  'font-family': FONT,
  'font-size': 11,
});

export function sequenceLayout(
  messages: readonly DiagramMessage[],
  words: DiagramWords,
  options: SequenceSvgOptions,
): SequenceLayout {
  const centre = (participant: Participant) => MARGIN + COLUMN / 2 + PARTICIPANTS.indexOf(participant) * COLUMN;
  const width = MARGIN * 2 + COLUMN * PARTICIPANTS.length;
  const bottom = HEADER + MARGIN + messages.length * ROW;
  const shapes: SequenceShape[] = [];
  for (const participant of PARTICIPANTS) {
    const x = centre(participant);
    shapes.push(
      {
        tag: 'rect',
        attrs: {
          x: x - COLUMN / 2 + 8,
          y: MARGIN / 2,
          width: COLUMN - 16,
          height: HEADER - MARGIN / 2,
          rx: 4,
          fill: '#f6f8fa',
          stroke: '#8c959f',
        },
      },
      {
        tag: 'text',
        attrs: {
          class: 'participant',
          x,
          y: MARGIN / 2 + (HEADER - MARGIN / 2) / 2 + 4,
          'text-anchor': 'middle',
          'font-size': 12,
          'font-weight': 600,
        },
        text: words.participant[participant],
      },
      {
        tag: 'line',
        attrs: { x1: x, y1: HEADER, x2: x, y2: bottom, stroke: '#d0d7de', 'stroke-dasharray': '4 4' },
      },
    );
  }
  messages.forEach((message, index) => {
    const y = HEADER + MARGIN + index * ROW + ROW / 2;
    const from = centre(message.from);
    const to = centre(message.to);
    // The head is drawn, not a <marker>: a marker needs an id and url(#…), which would clash between the
    // report's many diagrams and trip its no-external-reference rule.
    const back = to > from ? -8 : 8;
    shapes.push(
      {
        tag: 'line',
        attrs: {
          x1: from,
          y1: y,
          x2: to,
          y2: y,
          stroke: '#1f2328',
          ...(message.reply ? { 'stroke-dasharray': '5 3' } : {}),
        },
      },
      { tag: 'polygon', attrs: { points: `${to},${y} ${to + back},${y - 4} ${to + back},${y + 4}`, fill: '#1f2328' } },
      {
        tag: 'text',
        attrs: { class: 'message', x: (from + to) / 2, y: y - 5, 'text-anchor': 'middle' },
        text: `${clock(message.at, options.timeZone)} ${message.text}`,
      },
    );
  });
  return { title: options.title, width, height: bottom + MARGIN, shapes };
}

const attributeText = (attrs: Readonly<Record<string, string | number>>) =>
  Object.entries(attrs)
    .map(([name, value]) => ` ${name}="${xml(String(value))}"`)
    .join('');

/** The layout as SVG text (reports, the SVG export): every text XML-escaped. */
export function layoutSvg(layout: SequenceLayout): string {
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg"${attributeText(svgAttributes(layout))}>`,
    `<title>${xml(layout.title)}</title>`,
  ];
  for (const shape of layout.shapes)
    parts.push(
      shape.text === undefined
        ? `<${shape.tag}${attributeText(shape.attrs)}/>`
        : `<${shape.tag}${attributeText(shape.attrs)}>${xml(shape.text)}</${shape.tag}>`,
    );
  parts.push('</svg>');
  return parts.join('\n');
}

export const sequenceSvg = (
  messages: readonly DiagramMessage[],
  words: DiagramWords,
  options: SequenceSvgOptions,
): string => layoutSvg(sequenceLayout(messages, words, options));
