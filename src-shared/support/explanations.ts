/**
 * What every payment status, returnStatus code and HTTP status of the gateway means, said twice: a
 * plain explanation for the support agent and a sentence the agent can send to the customer, each in
 * English and European Portuguese. ONE table, keyed by the code lists of `../gateway/codes.ts`
 * (typed as complete records, and tested against those lists), so a code added there without an
 * explanation here fails the type-check and the test.
 */
import {
  HTTP_STATUS_MESSAGES,
  PAYMENT_STATUSES,
  RETURN_STATUS_CODES,
  type KnownReturnStatusCode,
  type PaymentStatus,
} from '../gateway/codes';

export const EXPLANATION_LOCALES = ['en', 'pt-PT'] as const;
export type ExplanationLocale = (typeof EXPLANATION_LOCALES)[number];

export type LocalisedText = Record<ExplanationLocale, string>;

export interface Explanation {
  /** For the support agent: what happened and what to do next. */
  agent: LocalisedText;
  /** Ready to paste into a reply to the customer: no jargon, no codes. */
  customer: LocalisedText;
}

/** The two parameter-error families the gateway documents as patterns rather than single codes. */
export const RETURN_CODE_FAMILIES = {
  '12.110.12xx': /^12\.110\.12\d\d$/,
  '12.110.13xx': /^12\.110\.13\d\d$/,
} as const;
export type ReturnCodeFamily = keyof typeof RETURN_CODE_FAMILIES;

export type HttpStatusCode = keyof typeof HTTP_STATUS_MESSAGES;
/** Besides the spec's error table, docs/gateway-behaviour.md lists 409 (state conflict) and 404 (unknown transaction). */
export const EXPLAINED_HTTP_STATUSES = Object.keys(HTTP_STATUS_MESSAGES).map(Number) as HttpStatusCode[];

const CHECK_LATER_EN = 'We will confirm the final result as soon as we receive it.';
const CHECK_LATER_PT = 'Confirmaremos o resultado final assim que o recebermos.';

export const PAYMENT_STATUS_EXPLANATIONS: Record<PaymentStatus, Explanation> = {
  Pending: {
    agent: {
      en: 'Not final. The gateway is waiting for the shopper or another party: an MB WAY approval in the app, or an unpaid Multibanco reference. Nothing has been charged yet. Check again later or wait for the notification.',
      'pt-PT':
        'Não final. O gateway aguarda o cliente ou outra entidade: uma aprovação MB WAY na aplicação ou uma referência Multibanco por pagar. Ainda nada foi cobrado. Volte a consultar mais tarde ou aguarde a notificação.',
    },
    customer: {
      en: `Your payment has not been completed yet: it is waiting for your approval or for the payment to be made. ${CHECK_LATER_EN}`,
      'pt-PT': `O seu pagamento ainda não foi concluído: aguarda a sua aprovação ou a realização do pagamento. ${CHECK_LATER_PT}`,
    },
  },
  InProcessing: {
    agent: {
      en: 'Not final. The gateway is processing the payment internally. Do not ask the customer to pay again; check the status again in a few minutes.',
      'pt-PT':
        'Não final. O gateway está a processar o pagamento internamente. Não peça ao cliente para pagar de novo; volte a consultar o estado dentro de alguns minutos.',
    },
    customer: {
      en: `Your payment is being processed. Please do not pay again. ${CHECK_LATER_EN}`,
      'pt-PT': `O seu pagamento está a ser processado. Por favor, não volte a pagar. ${CHECK_LATER_PT}`,
    },
  },
  Partial: {
    agent: {
      en: 'Not final. An extra step is needed, usually card 3-D Secure authentication. The shopper must complete it in the checkout; until then nothing is charged.',
      'pt-PT':
        'Não final. É necessário um passo adicional, normalmente a autenticação 3-D Secure do cartão. O cliente tem de o concluir no checkout; até lá nada é cobrado.',
    },
    customer: {
      en: 'Your payment needs one more step: the security check from your bank. Please complete it in the payment page to finish the payment.',
      'pt-PT':
        'O seu pagamento precisa de mais um passo: a verificação de segurança do seu banco. Conclua-a na página de pagamento para terminar o pagamento.',
    },
  },
  Success: {
    agent: {
      en: 'Final. The payment went through. After an AUTH (authorisation) payment it means authorised, not yet captured.',
      'pt-PT':
        'Final. O pagamento foi concluído. Num pagamento AUTH (autorização) significa autorizado, ainda não capturado.',
    },
    customer: {
      en: 'Your payment was completed successfully. Thank you.',
      'pt-PT': 'O seu pagamento foi concluído com sucesso. Obrigado.',
    },
  },
  Declined: {
    agent: {
      en: 'Final. The payment was refused by the shopper, the issuing bank or a rule. No money was taken. The customer may try again, possibly with another method.',
      'pt-PT':
        'Final. O pagamento foi recusado pelo cliente, pelo banco emissor ou por uma regra. Nenhum valor foi cobrado. O cliente pode tentar de novo, eventualmente com outro método.',
    },
    customer: {
      en: 'Your payment was not accepted and no money was taken. You can try again or choose another payment method.',
      'pt-PT':
        'O seu pagamento não foi aceite e nenhum valor foi cobrado. Pode tentar de novo ou escolher outro método de pagamento.',
    },
  },
  Error: {
    agent: {
      en: 'Final. A technical failure ended the payment. No money was taken. The customer can try again; if it repeats, contact the gateway support with the transactionID.',
      'pt-PT':
        'Final. Uma falha técnica terminou o pagamento. Nenhum valor foi cobrado. O cliente pode tentar de novo; se se repetir, contacte o suporte do gateway com o transactionID.',
    },
    customer: {
      en: 'A technical problem stopped your payment and no money was taken. Please try again in a few minutes.',
      'pt-PT':
        'Um problema técnico interrompeu o seu pagamento e nenhum valor foi cobrado. Por favor, tente de novo dentro de alguns minutos.',
    },
  },
  Timeout: {
    agent: {
      en: 'Final. The payment was not completed in time, for example an MB WAY request not approved within the window. No money was taken; a new order is needed.',
      'pt-PT':
        'Final. O pagamento não foi concluído a tempo, por exemplo um pedido MB WAY não aprovado dentro do prazo. Nenhum valor foi cobrado; é necessária uma nova encomenda.',
    },
    customer: {
      en: 'Your payment was not completed in time and no money was taken. Please place the payment again.',
      'pt-PT':
        'O seu pagamento não foi concluído a tempo e nenhum valor foi cobrado. Por favor, efetue o pagamento novamente.',
    },
  },
  Expired: {
    agent: {
      en: 'Final. The order or Multibanco reference passed its expiry date without being paid. It can no longer be paid; a new order or reference is needed.',
      'pt-PT':
        'Final. A encomenda ou a referência Multibanco ultrapassou a data de validade sem ser paga. Já não pode ser paga; é necessária uma nova encomenda ou referência.',
    },
    customer: {
      en: 'The payment details you received have expired and can no longer be used. We can send you new ones.',
      'pt-PT': 'Os dados de pagamento que recebeu expiraram e já não podem ser usados. Podemos enviar-lhe novos dados.',
    },
  },
};

const TRY_AGAIN_EN = 'Please try again in a few minutes.';
const TRY_AGAIN_PT = 'Por favor, tente de novo dentro de alguns minutos.';
const OUR_SIDE_EN = 'There was a problem on our side while starting your payment, and no money was taken.';
const OUR_SIDE_PT = 'Houve um problema do nosso lado ao iniciar o seu pagamento e nenhum valor foi cobrado.';

export const RETURN_CODE_EXPLANATIONS: Record<KnownReturnStatusCode | ReturnCodeFamily, Explanation> = {
  '000': {
    agent: {
      en: 'The gateway processed the request. This is NOT "paid": read the payment status next to it.',
      'pt-PT': 'O gateway processou o pedido. Isto NÃO significa "pago": leia o estado do pagamento indicado ao lado.',
    },
    customer: {
      en: 'We have received your payment request. We will confirm the result of the payment separately.',
      'pt-PT': 'Recebemos o seu pedido de pagamento. Confirmaremos o resultado do pagamento em separado.',
    },
  },
  '999': {
    agent: {
      en: 'Validation Request Failed: the gateway could not answer this query right now. Query the status again.',
      'pt-PT':
        'Validation Request Failed: o gateway não conseguiu responder a esta consulta agora. Volte a consultar o estado.',
    },
    customer: {
      en: `We could not check your payment just now. ${CHECK_LATER_EN}`,
      'pt-PT': `Não conseguimos verificar o seu pagamento neste momento. ${CHECK_LATER_PT}`,
    },
  },
  E0101: {
    agent: {
      en: 'Invalid request (HTTP 400): the shop sent something the gateway does not accept. A fix on the shop side is needed; the customer was not charged.',
      'pt-PT':
        'Pedido inválido (HTTP 400): a loja enviou algo que o gateway não aceita. É necessária uma correção do lado da loja; o cliente não foi cobrado.',
    },
    customer: { en: `${OUR_SIDE_EN} ${TRY_AGAIN_EN}`, 'pt-PT': `${OUR_SIDE_PT} ${TRY_AGAIN_PT}` },
  },
  T9999: {
    agent: {
      en: 'Temporary condition at the gateway (usually HTTP 503). Retry later; nothing was charged by this call.',
      'pt-PT': 'Condição temporária no gateway (normalmente HTTP 503). Tente mais tarde; esta chamada não cobrou nada.',
    },
    customer: {
      en: `The payment service is briefly unavailable and no money was taken. ${TRY_AGAIN_EN}`,
      'pt-PT': `O serviço de pagamento está momentaneamente indisponível e nenhum valor foi cobrado. ${TRY_AGAIN_PT}`,
    },
  },
  E0500: {
    agent: {
      en: 'MB WAY: the shopper did not accept the operation in the app (rejected it or let it lapse). No money was taken.',
      'pt-PT':
        'MB WAY: o cliente não aceitou a operação na aplicação (recusou-a ou deixou-a expirar). Nenhum valor foi cobrado.',
    },
    customer: {
      en: 'The MB WAY payment was not accepted in your app, so no money was taken. You can try again and approve it in the MB WAY app.',
      'pt-PT':
        'O pagamento MB WAY não foi aceite na sua aplicação, por isso nenhum valor foi cobrado. Pode tentar de novo e aprová-lo na aplicação MB WAY.',
    },
  },
  E0501: {
    agent: {
      en: 'Invalid request: data missing or invalid. A fix on the shop side is needed; the customer was not charged.',
      'pt-PT':
        'Pedido inválido: dados em falta ou inválidos. É necessária uma correção do lado da loja; o cliente não foi cobrado.',
    },
    customer: { en: `${OUR_SIDE_EN} ${TRY_AGAIN_EN}`, 'pt-PT': `${OUR_SIDE_PT} ${TRY_AGAIN_PT}` },
  },
  E0113: {
    agent: {
      en: 'Insufficient funds: the bank refused for lack of balance. No money was taken; the customer can use another card or account.',
      'pt-PT':
        'Saldo insuficiente: o banco recusou por falta de saldo. Nenhum valor foi cobrado; o cliente pode usar outro cartão ou conta.',
    },
    customer: {
      en: 'Your bank declined the payment for insufficient funds, so no money was taken. You can try another card or account.',
      'pt-PT':
        'O seu banco recusou o pagamento por saldo insuficiente, por isso nenhum valor foi cobrado. Pode tentar outro cartão ou conta.',
    },
  },
  E0504: {
    agent: {
      en: 'MB WAY: the phone number (alias) is not in a valid format. Check it: 9 digits of a Portuguese mobile, sent as 351#9XXXXXXXX.',
      'pt-PT':
        'MB WAY: o número de telemóvel (alias) não tem um formato válido. Verifique-o: 9 dígitos de um telemóvel português, enviado como 351#9XXXXXXXX.',
    },
    customer: {
      en: 'The phone number given for MB WAY is not valid. Please check the number and try again.',
      'pt-PT': 'O número de telemóvel indicado para o MB WAY não é válido. Verifique o número e tente de novo.',
    },
  },
  E0506: {
    agent: {
      en: 'MB WAY: no MB WAY account exists for this phone number. The customer must use the number registered in MB WAY, or another method.',
      'pt-PT':
        'MB WAY: não existe conta MB WAY para este número de telemóvel. O cliente tem de usar o número registado no MB WAY ou outro método.',
    },
    customer: {
      en: 'There is no MB WAY account for the phone number you gave. Please use the number registered in your MB WAY app, or another payment method.',
      'pt-PT':
        'Não existe conta MB WAY para o número de telemóvel indicado. Use o número registado na sua aplicação MB WAY ou outro método de pagamento.',
    },
  },
  E0612: {
    agent: {
      en: 'The Multibanco reference was cancelled or has expired: it can no longer be paid. Generate a new order/reference.',
      'pt-PT':
        'A referência Multibanco foi cancelada ou expirou: já não pode ser paga. Gere uma nova encomenda/referência.',
    },
    customer: {
      en: 'This Multibanco reference is no longer valid and cannot be paid. We can send you a new one.',
      'pt-PT': 'Esta referência Multibanco já não é válida e não pode ser paga. Podemos enviar-lhe uma nova.',
    },
  },
  E0613: {
    agent: {
      en: 'The Multibanco reference is already paid. Do not ask the customer to pay it again; check the status of the transaction.',
      'pt-PT':
        'A referência Multibanco já está paga. Não peça ao cliente para a pagar de novo; consulte o estado da transação.',
    },
    customer: {
      en: 'This Multibanco reference has already been paid; there is no need to pay it again.',
      'pt-PT': 'Esta referência Multibanco já foi paga; não é necessário pagá-la de novo.',
    },
  },
  '01.106.0004': {
    agent: {
      en: 'MB WAY declined (statusMsg "Declined"): the shopper refused in the app or the bank declined. No money was taken.',
      'pt-PT':
        'MB WAY recusado (statusMsg "Declined"): o cliente recusou na aplicação ou o banco recusou. Nenhum valor foi cobrado.',
    },
    customer: {
      en: 'Your MB WAY payment was declined and no money was taken. You can try again or choose another payment method.',
      'pt-PT':
        'O seu pagamento MB WAY foi recusado e nenhum valor foi cobrado. Pode tentar de novo ou escolher outro método de pagamento.',
    },
  },
  '12.110.12xx': {
    agent: {
      en: 'Checkout parameter error: the shop sent a checkout field the gateway refused. A fix on the shop side is needed; the customer was not charged.',
      'pt-PT':
        'Erro de parâmetro do checkout: a loja enviou um campo do checkout que o gateway recusou. É necessária uma correção do lado da loja; o cliente não foi cobrado.',
    },
    customer: { en: `${OUR_SIDE_EN} ${TRY_AGAIN_EN}`, 'pt-PT': `${OUR_SIDE_PT} ${TRY_AGAIN_PT}` },
  },
  '12.110.13xx': {
    agent: {
      en: 'Payment-request parameter error: a field of the payment request was refused. A fix on the shop side is needed; the customer was not charged.',
      'pt-PT':
        'Erro de parâmetro do pedido de pagamento: um campo do pedido de pagamento foi recusado. É necessária uma correção do lado da loja; o cliente não foi cobrado.',
    },
    customer: { en: `${OUR_SIDE_EN} ${TRY_AGAIN_EN}`, 'pt-PT': `${OUR_SIDE_PT} ${TRY_AGAIN_PT}` },
  },
};

export const HTTP_STATUS_EXPLANATIONS: Record<HttpStatusCode, Explanation> = {
  200: {
    agent: {
      en: 'HTTP 200: the gateway answered. Read returnStatus and paymentStatus to know the outcome.',
      'pt-PT': 'HTTP 200: o gateway respondeu. Leia o returnStatus e o paymentStatus para saber o resultado.',
    },
    customer: {
      en: 'We have received an answer about your payment.',
      'pt-PT': 'Recebemos uma resposta sobre o seu pagamento.',
    },
  },
  400: {
    agent: {
      en: 'HTTP 400 Bad Request: the request does not match the interface or a mandatory header is missing. The shop must correct it.',
      'pt-PT':
        'HTTP 400 Bad Request: o pedido não corresponde à interface ou falta um cabeçalho obrigatório. A loja tem de o corrigir.',
    },
    customer: { en: `${OUR_SIDE_EN} ${TRY_AGAIN_EN}`, 'pt-PT': `${OUR_SIDE_PT} ${TRY_AGAIN_PT}` },
  },
  401: {
    agent: {
      en: 'HTTP 401 Unauthorized: the bearer token is invalid, expired or not tied to this terminal. Check the credentials in the back office.',
      'pt-PT':
        'HTTP 401 Unauthorized: o token bearer é inválido, expirou ou não pertence a este terminal. Verifique as credenciais no back office.',
    },
    customer: { en: `${OUR_SIDE_EN} ${TRY_AGAIN_EN}`, 'pt-PT': `${OUR_SIDE_PT} ${TRY_AGAIN_PT}` },
  },
  403: {
    agent: {
      en: 'HTTP 403 Forbidden: the client id is invalid or has no valid subscription. Check the client id; if it continues, ask the gateway support for a reset.',
      'pt-PT':
        'HTTP 403 Forbidden: o client id é inválido ou não tem subscrição válida. Verifique o client id; se continuar, peça ao suporte do gateway uma reposição.',
    },
    customer: { en: `${OUR_SIDE_EN} ${TRY_AGAIN_EN}`, 'pt-PT': `${OUR_SIDE_PT} ${TRY_AGAIN_PT}` },
  },
  404: {
    agent: {
      en: 'HTTP 404 Not Found: the gateway does not know this transactionID on this terminal. Check the id and the profile (test or production).',
      'pt-PT':
        'HTTP 404 Not Found: o gateway não conhece este transactionID neste terminal. Verifique o id e o perfil (teste ou produção).',
    },
    customer: {
      en: 'We could not find a payment with the details given. Could you send us the payment confirmation or the order number?',
      'pt-PT':
        'Não encontrámos nenhum pagamento com os dados indicados. Pode enviar-nos o comprovativo de pagamento ou o número da encomenda?',
    },
  },
  405: {
    agent: {
      en: 'HTTP 405 Method Not Allowed: the call used the wrong HTTP method. A fix on the shop side is needed.',
      'pt-PT': 'HTTP 405 Method Not Allowed: a chamada usou o método HTTP errado. É necessária uma correção da loja.',
    },
    customer: { en: `${OUR_SIDE_EN} ${TRY_AGAIN_EN}`, 'pt-PT': `${OUR_SIDE_PT} ${TRY_AGAIN_PT}` },
  },
  409: {
    agent: {
      en: 'HTTP 409 Conflict: the transaction is in a state that does not allow this call (for example already paid or already final). Query its status.',
      'pt-PT':
        'HTTP 409 Conflict: a transação está num estado que não permite esta chamada (por exemplo já paga ou já final). Consulte o estado.',
    },
    customer: {
      en: `Your payment is already being handled, so this step was not repeated. ${CHECK_LATER_EN}`,
      'pt-PT': `O seu pagamento já está a ser tratado, por isso este passo não foi repetido. ${CHECK_LATER_PT}`,
    },
  },
  429: {
    agent: {
      en: 'HTTP 429 Too Many Requests: the rate limit was exceeded. Slow down and retry after the pause the gateway asks for.',
      'pt-PT':
        'HTTP 429 Too Many Requests: o limite de pedidos foi excedido. Abrande e tente de novo após a pausa pedida pelo gateway.',
    },
    customer: {
      en: `The payment service is busy right now and no money was taken. ${TRY_AGAIN_EN}`,
      'pt-PT': `O serviço de pagamento está ocupado neste momento e nenhum valor foi cobrado. ${TRY_AGAIN_PT}`,
    },
  },
  500: {
    agent: {
      en: 'HTTP 500 Internal Server Error: a failure most likely on the gateway side. Retry a status query; contact the gateway support if it persists.',
      'pt-PT':
        'HTTP 500 Internal Server Error: uma falha provavelmente do lado do gateway. Repita a consulta de estado; contacte o suporte do gateway se persistir.',
    },
    customer: {
      en: `The payment service had a technical problem. ${CHECK_LATER_EN}`,
      'pt-PT': `O serviço de pagamento teve um problema técnico. ${CHECK_LATER_PT}`,
    },
  },
  503: {
    agent: {
      en: 'HTTP 503 Service Unavailable: the gateway is temporarily unavailable (e.g. maintenance). Wait and retry later.',
      'pt-PT':
        'HTTP 503 Service Unavailable: o gateway está temporariamente indisponível (por exemplo, manutenção). Aguarde e tente mais tarde.',
    },
    customer: {
      en: `The payment service is briefly unavailable. ${TRY_AGAIN_EN}`,
      'pt-PT': `O serviço de pagamento está momentaneamente indisponível. ${TRY_AGAIN_PT}`,
    },
  },
};

/** The explanation of a returnStatus code, matching the documented 12.110.12xx / 13xx families too. */
export function explainReturnCode(code: string): Explanation | undefined {
  if (Object.hasOwn(RETURN_CODE_EXPLANATIONS, code)) return RETURN_CODE_EXPLANATIONS[code as KnownReturnStatusCode];
  for (const [family, pattern] of Object.entries(RETURN_CODE_FAMILIES))
    if (pattern.test(code)) return RETURN_CODE_EXPLANATIONS[family as ReturnCodeFamily];
  return undefined;
}

export function explainPaymentStatus(status: string): Explanation | undefined {
  return Object.hasOwn(PAYMENT_STATUS_EXPLANATIONS, status)
    ? PAYMENT_STATUS_EXPLANATIONS[status as PaymentStatus]
    : undefined;
}

export function explainHttpStatus(status: number): Explanation | undefined {
  return Object.hasOwn(HTTP_STATUS_EXPLANATIONS, status)
    ? HTTP_STATUS_EXPLANATIONS[status as HttpStatusCode]
    : undefined;
}

/** Every explained code, for the reference list screen: kind, code and explanation. */
export function allExplanations(): Array<{
  kind: 'status' | 'return-code' | 'http';
  code: string;
  explanation: Explanation;
}> {
  return [
    ...Object.keys(PAYMENT_STATUSES).map((code) => ({
      kind: 'status' as const,
      code,
      explanation: PAYMENT_STATUS_EXPLANATIONS[code as PaymentStatus],
    })),
    ...[...Object.keys(RETURN_STATUS_CODES), ...Object.keys(RETURN_CODE_FAMILIES)].map((code) => ({
      kind: 'return-code' as const,
      code,
      explanation: RETURN_CODE_EXPLANATIONS[code as KnownReturnStatusCode | ReturnCodeFamily],
    })),
    ...EXPLAINED_HTTP_STATUSES.map((code) => ({
      kind: 'http' as const,
      code: String(code),
      explanation: HTTP_STATUS_EXPLANATIONS[code],
    })),
  ];
}
