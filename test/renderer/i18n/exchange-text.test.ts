import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../src-renderer/src/i18n';
import { exchangeActionText, exchangeSummaryText } from '../../../src-renderer/src/i18n/exchange-text';
import { viewCreateOrder } from '../../../src-renderer/src/features/orders/result-view';
import { classifyAnswer, classifyFailure } from '../../../src-main/gateway/classify';
import { startCore } from '../../main/core/harness';

afterEach(() => setLocale('en'));

describe('an exchange’s summary and suggested action are said by text id', () => {
  it('exchange suggested action leak: a Portuguese user reads a real simulator 404’s summary and suggested action in Portuguese', async () => {
    const harness = await startCore();
    try {
      const { exchange } = await harness.call('payments.status', {
        profileId: 'sandbox-a',
        transactionId: 'unknown-to-the-gateway',
      });
      expect(exchange.response.status).toBe(404);
      // English stays for the CLI, logs and old readers, and the English screen says exactly that.
      expect(exchangeSummaryText(exchange)).toBe(exchange.summary);
      expect(exchangeActionText(exchange)).toBe(exchange.suggestedAction);
      expect(exchange.suggestedAction).toMatch(/^The gateway does not know this transaction/);
      setLocale('pt-PT');
      expect(exchangeActionText(exchange)).toBe(
        'O gateway não conhece esta transação: verifique o id da transação e o perfil.',
      );
      expect(exchangeSummaryText(exchange)).toMatch(/^HTTP 404/);
    } finally {
      await harness.close();
      await harness.removeDir();
    }
  });

  it('the Orders result of a create that may have been processed reads in Portuguese, the gateway’s own words kept as data', () => {
    const verdict = classifyAnswer(502, undefined, '<html>bad gateway</html>', undefined, {
      operation: 'createOrder',
      moneyMoving: true,
    });
    const exchange = { ...verdict, classification: verdict.classification, transactionID: null } as never;
    setLocale('pt-PT');
    const view = viewCreateOrder({ exchange, response: null } as never);
    expect(view.problem).toEqual({
      summary: 'HTTP 502 Bad Gateway (o corpo é uma página HTML, não JSON): o gateway pode ter processado o pedido',
      action: expect.stringMatching(/^Não reenvie: a encomenda pode existir\./),
    });
    // A gateway error's meaning comes from the support desk's Portuguese table, not main's English.
    const gatewayError = classifyAnswer(200, { returnStatus: { statusCode: 'E0101', statusMsg: 'x' } });
    expect(gatewayError.suggestedAction).not.toBe(exchangeActionText(gatewayError));
    expect(exchangeSummaryText(gatewayError)).toBe('HTTP 200 com erro (statusCode E0101 x)');
  });

  it('a transport failure keeps the socket’s own words as they came, and words the rest', () => {
    const verdict = classifyFailure('network', 'connect ECONNREFUSED 127.0.0.1:9', {
      moneyMoving: false,
      maybeDelivered: false,
    });
    setLocale('pt-PT');
    expect(exchangeSummaryText(verdict)).toBe('Erro de rede: connect ECONNREFUSED 127.0.0.1:9');
    expect(exchangeActionText(verdict)).toMatch(/nada foi enviado/);
  });

  it('an old record without text ids shows its stored English, never a catalogue key', () => {
    setLocale('pt-PT');
    const old = { summary: 'HTTP 401 Unauthorized', suggestedAction: 'Check the credentials.' };
    expect(exchangeSummaryText(old)).toBe('HTTP 401 Unauthorized');
    expect(exchangeActionText(old)).toBe('Check the credentials.');
  });
});
