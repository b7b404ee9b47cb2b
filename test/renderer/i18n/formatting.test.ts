import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../src-renderer/src/i18n';
import { formatAmount, formatBytes, formatDateTime } from '../../../src-renderer/src/i18n/format';
import { formatBytes as formatQuota } from '../../../src-renderer/src/features/history/storage-quota';
import { systemLocale } from '../../../src-renderer/src/i18n/locales';
import { translateServerText } from '../../../src-renderer/src/i18n/server-text';
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

  it('translates history-import errors, including the reader error they wrap', () => {
    const reader = 'Expected "," or "}" after "transactions".';
    const wrapped = `The file cannot be read past record 1200: ${reader} Nothing was imported.`;
    expect(translateServerText(reader)).toBe(reader);
    expect(translateServerText(wrapped)).toBe(wrapped);
    setLocale('pt-PT');
    expect(translateServerText(wrapped)).toBe(
      'Não é possível ler o ficheiro para além do registo 1200: Era esperado "," ou "}" depois de "transactions". Nada foi importado.',
    );
    expect(translateServerText('The file ends before its JSON object does (truncated?).')).toBe(
      'O ficheiro termina antes do seu objeto JSON (truncado?).',
    );
    expect(
      translateServerText(
        'The file cannot be imported: format: Not a Gateway Console history file (format must be "x")',
      ),
    ).toMatch(/^Não é possível importar o ficheiro: format: (?!Not a)/);
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
