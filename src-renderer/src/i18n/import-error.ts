import { ImportFileError, type ImportErrorId, type ImportProblem } from '../db/history-import';
import { JsonStreamError, type JsonStreamErrorId } from '../db/json-stream-reader';
import { formatNumber } from './format';
import { t } from './index';
import { ruleMessageText } from './rule-text';

// The catalogue key of each history-import error id (a missing id fails type-checking).
const IMPORT_TEXTS: Record<ImportErrorId, string> = {
  notJson: 'serverText.notJson',
  cannotImport: 'serverText.cannotImport',
  cannotImportHeader: 'serverText.cannotImportHeader',
  readPastKept: 'serverText.readPastKept',
  readPastNothing: 'serverText.readPastNothing',
};
const READER_TEXTS: Record<JsonStreamErrorId, string> = {
  notObject: 'serverText.notObject',
  unexpectedChar: 'serverText.unexpectedChar',
  expectedColon: 'serverText.expectedColon',
  expectedCommaBrace: 'serverText.expectedCommaBrace',
  expectedCommaBracket: 'serverText.expectedCommaBracket',
  textAfterEnd: 'serverText.textAfterEnd',
  truncated: 'serverText.truncated',
  invalidValue: 'serverText.invalidValue',
};

function problemText(problem: ImportProblem): string {
  if (problem.id === 'notHistoryFile') return `format: ${t('serverText.notHistoryFile', problem.params)}`;
  if (problem.id === 'newerFile') return `version: ${t('serverText.newerFile', problem.params)}`;
  return `${problem.path}: ${ruleMessageText(problem.message)}`;
}

const readerText = (error: JsonStreamError): string => t(READER_TEXTS[error.id], error.params);

/**
 * Why a history file was not imported, in the user's language: worded by the error's id and
 * parameters (never by reading its English message). Any other failure is shown as it came.
 */
export function importErrorText(error: unknown): string {
  if (error instanceof JsonStreamError) return readerText(error);
  if (!(error instanceof ImportFileError)) return error instanceof Error ? error.message : String(error);
  const detail = error.reader ? readerText(error.reader) : error.problems.map(problemText).join('; ');
  const count = typeof error.params.count === 'number' ? formatNumber(error.params.count) : '';
  return t(IMPORT_TEXTS[error.id], { ...error.params, count, detail });
}

/** Every catalogue key this module words with, for the catalogue test (each must exist in every language). */
export const importTextKeys = (): string[] => [
  ...Object.values(IMPORT_TEXTS),
  ...Object.values(READER_TEXTS),
  'serverText.notHistoryFile',
  'serverText.newerFile',
];
