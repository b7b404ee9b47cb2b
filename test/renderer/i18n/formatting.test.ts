import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../src-renderer/src/i18n';
import { formatAmount, formatBytes, formatDateTime } from '../../../src-renderer/src/i18n/format';
import { formatBytes as formatQuota } from '../../../src-renderer/src/services/storage-quota';
import { systemLocale } from '../../../src-renderer/src/i18n/locales';
import { importErrorText } from '../../../src-renderer/src/i18n/import-error';
import { EXPORT_FORMAT } from '../../../src-renderer/src/db/history-formats';
import { importHistory, importHistoryFile } from '../../../src-renderer/src/db/history-import';
import { freshDb } from '../db/fixtures';
import { describePaymentStatus } from '../../../src-renderer/src/composables/payment-status';
import { issueText, ruleMessageText } from '../../../src-renderer/src/i18n/rule-text';
import { validateOrder } from '@shared/gateway/order-schema';

afterEach(() => setLocale('en'));

describe('language-dependent texts and formats', () => {
  it('starts in Portuguese on any Portuguese system and in English otherwise', () => {
    expect(systemLocale(['pt-BR', 'en-US'])).toBe('pt-PT');
    expect(systemLocale(['pt'])).toBe('pt-PT');
    expect(systemLocale(['de-DE', 'en-GB'])).toBe('en');
    expect(systemLocale(['fr-FR'])).toBe('en');
  });

  it('writes EUR amounts and dates the way each language does', () => {
    expect(formatAmount(1234.5, 'EUR')).toBe('1,234.50 EUR');
    setLocale('pt-PT');
    expect(formatAmount(1234.5, 'EUR').replace(/\s/g, ' ')).toBe('1234,50 €');
    // Four-digit years in Portuguese too (the short date style wrote "31/01/26").
    expect(formatDateTime(Date.UTC(2026, 0, 31, 12, 0, 5))).toMatch(/^31\/01\/2026, \d{2}:00:05$/);
  });

  it('writes sizes with the units and decimal separator of each language', () => {
    const plain = (text: string) => text.replace(/\s/g, ' ');
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(1536)).toBe('1.5 kB');
    expect(formatBytes(5.5 * 1024 * 1024)).toBe('5.5 MB');
    expect(formatQuota(null)).toBe('not reported');
    setLocale('pt-PT');
    expect(plain(formatBytes(1536))).toBe('1,5 kB');
    expect(plain(formatBytes(5.5 * 1024 * 1024))).toBe('5,5 MB');
    expect(plain(formatQuota(3 * 1024 ** 3))).toBe('3,0 GB');
    expect(formatQuota(null)).toBe('não indicado');
  });

  it('order builder error summary leak: rule messages are translated by the rule that produced them, values kept', () => {
    setLocale('pt-PT');
    const validation = validateOrder('B', {
      merchant: { terminalId: 1234567 },
      customer: { customerInfo: { customerName: 'Ana', customerEmail: 'ana@example.pt' } },
      transaction: { paymentMethod: ['MBWY', 'NOPE'], description: 'x'.repeat(10_000) },
    });
    const lines = validation.issues.map(issueText);
    expect(lines).toContain('customer.customerInfo.customerPhone: é obrigatório quando paymentMethod inclui MBWY');
    expect(lines).toContain('merchant.channel: é obrigatório');
    expect(
      lines.some((line) => line.startsWith('transaction.paymentMethod.1: deve ser um dos códigos da Variante B: ')),
    ).toBe(true);
    expect(lines.some((line) => /^transaction\.description: deve ter no máximo \d+ caracteres$/.test(line))).toBe(true);
    expect(lines.join('\n')).not.toMatch(/is required|must be/);
    // A message no shared rule produced is shown as it came rather than lost or guessed at.
    expect(ruleMessageText('must be at most 36 characters!')).toBe('must be at most 36 characters!');
    expect(ruleMessageText('Something only main knows.')).toBe('Something only main knows.');
  });

  it('import error leak: a Portuguese user reads a refused history file in Portuguese, worded by code (the regex table is gone)', async () => {
    const db = freshDb();
    const caught = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: unknown) => error,
      );
    // A large file that breaks off: the reader's own error is wrapped and worded too.
    const broken = new Blob(['{"format":"' + EXPORT_FORMAT + '","version":1,"transactions":[{} {}]}']);
    const streamed = await caught(importHistoryFile(db, broken, { wholeFileBytes: 0 }));
    const foreign = await caught(importHistory(db, JSON.stringify({ format: 'x', version: 1, transactions: [] })));
    const newer = await caught(
      importHistory(db, JSON.stringify({ format: EXPORT_FORMAT, version: 99, transactions: [] })),
    );
    expect(importErrorText(streamed)).toBe((streamed as Error).message);
    setLocale('pt-PT');
    expect(importErrorText(streamed)).toBe(
      'Não é possível ler o ficheiro para além do registo 1: Era esperado "," ou "]" entre os elementos de "transactions". Nada foi importado.',
    );
    expect(importErrorText(foreign)).toBe(
      `Não é possível importar o ficheiro: format: Não é um ficheiro de histórico da Consola do Gateway (o formato tem de ser "${EXPORT_FORMAT}")`,
    );
    expect(importErrorText(newer)).toMatch(
      /^Não é possível importar o ficheiro: version: Este ficheiro vem de uma Consola/,
    );
    expect(importErrorText(await caught(importHistory(db, '{not json')))).toMatch(/^O ficheiro não é JSON: /);
    // Nothing English is matched any more: an unknown error is shown exactly as it came.
    expect(importErrorText(new Error('The file is not JSON: x'))).toBe('The file is not JSON: x');
  });

  it('explains payment statuses in the chosen language', () => {
    setLocale('pt-PT');
    const pending = describePaymentStatus('Pending');
    expect(pending.label).toBe('Pendente');
    expect(pending.tooltip).toMatch(/^Não final: À espera do comprador/);
    setLocale('en');
    expect(describePaymentStatus('Success').tooltip).toMatch(/^Final: Done\./);
  });
});
