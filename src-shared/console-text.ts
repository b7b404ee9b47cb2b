import { z } from 'zod';
import { englishOf, type MainText } from './main-texts';

/**
 * The schemas of main's texts as they cross to the renderer. The table of texts and its helpers are in
 * ./main-texts (no zod: the renderer's English catalogue is built from it before the first paint).
 */
export * from './main-texts';

const plainParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
/** What crosses with a failure so the renderer can say it in the user's language. */
export const mainTextSchema = z.object({
  id: z.string().min(1),
  params: z.record(
    z.string(),
    z.union([z.string(), z.number(), z.object({ id: z.string().min(1), params: plainParamsSchema })]),
  ),
});

/**
 * A returnStatus code's meaning: the renderer words it from the support desk's explanation table;
 * `english` is the meaning main knew (or the gateway's statusDescription) for a code the table lacks.
 */
export const returnCodePieceSchema = z.object({ returnCode: z.string(), english: z.string() });
export type ReturnCodePiece = z.infer<typeof returnCodePieceSchema>;

/**
 * A line made of registered texts and literal pieces. Literal strings are outside data (the gateway's
 * statusMsg, an error's own words), protocol names ("HTTP 404 Not Found") and punctuation: shown as
 * they are, in every language.
 */
export const textPiecesSchema = z.array(z.union([z.string(), mainTextSchema, returnCodePieceSchema]));
export type TextPiece = string | MainText | ReturnCodePiece;

/** The English line of some pieces (what `summary` / `suggestedAction` hold for the CLI and old readers). */
export function englishOfPieces(pieces: readonly TextPiece[]): string {
  let line = '';
  for (const piece of pieces)
    line += typeof piece === 'string' ? piece : 'returnCode' in piece ? piece.english : englishOf(piece);
  return line;
}
