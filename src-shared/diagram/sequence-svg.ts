/**
 * The one sequence-diagram renderer, for the app (demo, transaction view, SVG/PNG export) and the QA
 * reports: plain, self-contained SVG text built from the typed model (sequence-model.ts) — one column per
 * participant, one row per message, replies dashed. There is no diagram language in between: every text
 * (participant names, gateway status codes, messages) is XML-escaped character data of a <text> element,
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

export function sequenceSvg(
  messages: readonly DiagramMessage[],
  words: DiagramWords,
  options: SequenceSvgOptions,
): string {
  const centre = (participant: Participant) => MARGIN + COLUMN / 2 + PARTICIPANTS.indexOf(participant) * COLUMN;
  const width = MARGIN * 2 + COLUMN * PARTICIPANTS.length;
  const bottom = HEADER + MARGIN + messages.length * ROW;
  const height = bottom + MARGIN;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT}" font-size="11">`,
    `<title>${xml(options.title)}</title>`,
  ];
  for (const participant of PARTICIPANTS) {
    const x = centre(participant);
    parts.push(
      `<rect x="${x - COLUMN / 2 + 8}" y="${MARGIN / 2}" width="${COLUMN - 16}" height="${HEADER - MARGIN / 2}" rx="4" fill="#f6f8fa" stroke="#8c959f"/>`,
      `<text class="participant" x="${x}" y="${MARGIN / 2 + (HEADER - MARGIN / 2) / 2 + 4}" text-anchor="middle" font-size="12" font-weight="600">${xml(words.participant[participant])}</text>`,
      `<line x1="${x}" y1="${HEADER}" x2="${x}" y2="${bottom}" stroke="#d0d7de" stroke-dasharray="4 4"/>`,
    );
  }
  messages.forEach((message, index) => {
    const y = HEADER + MARGIN + index * ROW + ROW / 2;
    const from = centre(message.from);
    const to = centre(message.to);
    // The head is drawn, not a <marker>: a marker needs an id and url(#…), which would clash between the
    // report's many diagrams and trip its no-external-reference rule.
    const back = to > from ? -8 : 8;
    parts.push(
      `<line x1="${from}" y1="${y}" x2="${to}" y2="${y}" stroke="#1f2328"${message.reply ? ' stroke-dasharray="5 3"' : ''}/>`,
      `<polygon points="${to},${y} ${to + back},${y - 4} ${to + back},${y + 4}" fill="#1f2328"/>`,
      `<text class="message" x="${(from + to) / 2}" y="${y - 5}" text-anchor="middle">${xml(`${clock(message.at, options.timeZone)} ${message.text}`)}</text>`,
    );
  });
  parts.push('</svg>');
  return parts.join('\n');
}
