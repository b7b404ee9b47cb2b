import type { textPiecesSchema } from '@shared/console-text';
import type { z } from 'zod';
import type { Exchange } from '@shared/exchange';
import { returnCodeMeaning } from './return-code-meaning';
import { mainTextWords } from './console-error';

type Said = Pick<Exchange, 'summary' | 'suggestedAction' | 'said'>;

/**
 * A line main said by text id, in the user's language. Literal pieces (the gateway's words, protocol
 * names, punctuation) are shown as they are; a returnStatus code is worded from the support desk's table.
 */
export function piecesText(pieces: z.infer<typeof textPiecesSchema>): string {
  return pieces
    .map((piece) => {
      if (typeof piece === 'string') return piece;
      if ('returnCode' in piece) return returnCodeMeaning(piece.returnCode) ?? piece.english;
      // An id this build does not know (a record from a newer console) falls back to nothing rather than a key.
      return mainTextWords(piece) ?? '';
    })
    .join('');
}

/** What an exchange's answer means; a record made before main said it by id shows its stored English. */
export const exchangeSummaryText = (exchange: Said): string =>
  exchange.said ? piecesText(exchange.said.summary) : exchange.summary;

/** What to do next, or null; a record made before main said it by id shows its stored English. */
export const exchangeActionText = (exchange: Said): string | null =>
  exchange.said
    ? exchange.said.suggestedAction
      ? piecesText(exchange.said.suggestedAction)
      : null
    : exchange.suggestedAction;
