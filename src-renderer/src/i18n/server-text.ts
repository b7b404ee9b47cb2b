import { t } from './index';
import { ruleMessageText } from './rule-text';

/**
 * History-import errors only. They are raised in src-renderer/src/db (the streaming JSON reader and the
 * file checks), which stays free of vue-i18n because the node-side benchmarks load it, so they are
 * English there and recognised here. Everything from main and every shared validation rule is
 * translated by code instead (i18n/console-error.ts, i18n/rule-text.ts): do not add patterns for those.
 */
const PATTERNS: [RegExp, string, string[]][] = [
  // History import (the streaming JSON reader and the file checks); `detail` is itself translated.
  [/^Not a Gateway Console history file \(format must be "(.+)"\)$/, 'serverText.notHistoryFile', ['format']],
  [/^This file is from a newer Gateway Console \(history format above (.+)\)$/, 'serverText.newerFile', ['version']],
  [
    /^The file cannot be imported: (.+) \(in a large file, "format" and "version" must come before the records\)$/,
    'serverText.cannotImportHeader',
    ['detail'],
  ],
  [/^The file cannot be imported: (.+)$/, 'serverText.cannotImport', ['detail']],
  [
    /^The file cannot be read past record (\d+): (.+) The ([\d,.\s]+) transactions before that point were imported; importing the complete file again is safe \(duplicates merge\)\.$/,
    'serverText.readPastKept',
    ['record', 'detail', 'count'],
  ],
  [
    /^The file cannot be read past record (\d+): (.+) Nothing was imported\.$/,
    'serverText.readPastNothing',
    ['record', 'detail'],
  ],
  [/^The file is not JSON: (.+)$/, 'serverText.notJson', ['error']],
  [/^The file does not start with a JSON object\.$/, 'serverText.notObject', []],
  [/^Unexpected text after the end of the JSON object\.$/, 'serverText.textAfterEnd', []],
  [/^The file ends before its JSON object does \(truncated\?\)\.$/, 'serverText.truncated', []],
  [/^Unexpected "(.)" where a field name belongs\.$/, 'serverText.unexpectedChar', ['char']],
  [/^Expected ":" after "(.+)"\.$/, 'serverText.expectedColon', ['key']],
  [/^Expected "," or "\}" after "(.+)"\.$/, 'serverText.expectedCommaBrace', ['key']],
  [/^Expected "," or "\]" between the elements of "(.+)"\.$/, 'serverText.expectedCommaBracket', ['key']],
  [/^The value of "(.+?)" is not valid JSON: (.+)$/, 'serverText.invalidValue', ['key', 'error']],
];

/** The message in the current language when it is one the console knows; otherwise as given. */
export function translateServerText(message: string): string {
  const text = message.trim();
  for (const [pattern, key, names] of PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const values = Object.fromEntries(
      names.map((name, index) => {
        const value = match[index + 1] ?? '';
        // A wrapped message (e.g. the reader's error inside an import error) is translated too.
        return [name, name === 'detail' ? value.split('; ').map(translateServerText).join('; ') : value];
      }),
    );
    return t(key, values);
  }
  // "path: message" lines (describeIssue) keep the path and translate the rule.
  const issue = /^([\w.[\]()]+): (.+)$/.exec(text);
  if (issue?.[1] && issue[2]) {
    const known = translateServerText(issue[2]);
    const rule = known !== issue[2] ? known : ruleMessageText(issue[2]);
    if (rule !== issue[2]) return `${issue[1]}: ${rule}`;
  }
  return message;
}

/** Known patterns, for the catalogue test (each key must exist in every language). */
export const serverTextKeys = (): string[] => PATTERNS.map(([, key]) => key);
