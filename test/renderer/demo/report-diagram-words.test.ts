import { describe, expect, it } from 'vitest';
import { REPORT_DIAGRAM_WORDS } from '@shared/qa/report-diagrams';
import demoEn from '../../../src-renderer/src/i18n/messages/demo.en';

const app = demoEn.diagram;
const withStatus = (message: string, status: string) => message.replace('{status}', status);

describe('one sequence diagram for the app and the QA report', () => {
  it('the report labels every participant, call and answer as the English app does (one renderer, one wording)', () => {
    const words = REPORT_DIAGRAM_WORDS;
    expect(words.participant).toEqual(app.participant);
    expect(words.operation).toEqual(app.operation);
    expect(words.shopperAnswers('REFERENCE', 'Success')).toBe(app.pays);
    expect(words.shopperAnswers('MBWAY', 'Success')).toBe(app.approves);
    expect(words.shopperAnswers('MBWAY', 'Declined')).toBe(withStatus(app.declines, 'Declined'));
    expect(words.shopperAnswers('CARD', 'Declined')).toBe(withStatus(app.answers, 'Declined'));
    expect(words.notification('Success', false)).toBe(withStatus(app.notification, 'Success'));
    expect(words.notification('Success', true)).toBe(withStatus(app.duplicate, 'Success'));
    for (const key of ['acknowledged', 'noAnswer', 'showReference', 'mbwayOnPhone'] as const)
      expect(words[key], key).toBe(app[key]);
  });
});
