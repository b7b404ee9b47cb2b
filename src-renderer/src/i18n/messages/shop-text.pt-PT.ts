import type { ShopTextId } from '@shared/shop/shop-text';

/**
 * Os textos do teste da loja (constatações, itens de certificação) em português europeu, pelo id de
 * src-shared/shop/shop-text.ts (o catálogo inglês é a própria tabela). Espalhados em `shopText` no pt-PT.ts.
 */
const shopTextPt: Record<ShopTextId, string> = {
  missingHeader: '{operation} foi enviado sem o cabeçalho {header}.',
  missingHeaderFix: 'Envie {header} em todas as chamadas ({expected}).',
  wrongAuthScheme: '{operation} foi autorizado com "{used}" em vez de "{expected}".',
  wrongAuthSchemeFix:
    'A criação da encomenda e o estado usam "Authorization: Bearer <token>"; as chamadas seguintes de uma transação usam "Authorization: Digest <transactionSignature>" dessa transação.',
  unknownOperation: '{method} {path} não é uma operação da interface.',
  unknownOperationFix: 'Chame só os caminhos documentados abaixo do URL base (…/api/v2/payments…), com o seu método.',
  bodyRule: 'O corpo de {operation} viola uma regra: {field} {rule}.',
  bodyRuleFix: 'Corrija {field} no corpo do pedido antes de o enviar ({count} problema(s) nesta chamada).',
  merchantTransactionIdReused:
    'O merchantTransactionId "{merchantTransactionId}" foi usado em {count} encomendas diferentes.',
  merchantTransactionIdReusedFix:
    'Dê a cada encomenda o seu próprio merchantTransactionId (por exemplo o número da encomenda com um contador de tentativas).',
  foreignSignature: '{operation} em {transactionID} foi assinado com a transactionSignature de {other}.',
  foreignSignatureFix:
    'Guarde cada transactionSignature com o seu transactionID e envie essa em "Authorization: Digest …".',
  invalidSignature:
    '{operation} em {transactionID} levou um valor Digest que não é nenhuma transactionSignature emitida por este gateway.',
  invalidSignatureFix:
    'Envie a transactionSignature da resposta de criação, sem alterações, como "Authorization: Digest <transactionSignature>".',
  statusPolledTooFast:
    'O estado de {transactionID} foi consultado {count} vezes com menos de {minMs} ms de intervalo (o menor foi {gapMs} ms).',
  statusPolledTooFastFix:
    'Espere pelo menos {minMs} ms entre consultas de estado de uma transação, e mais quando o Retry-After o pedir.',
  outcomeNeverChecked:
    '{operation} em {transactionID} não teve resposta clara ({answer}) e o seu estado nunca foi consultado depois.',
  outcomeNeverCheckedFix:
    'Depois de um 5xx, de um tempo esgotado ou de um 999, consulte o estado da transação antes de decidir.',
  createResent:
    'A criação da encomenda com o merchantTransactionId "{merchantTransactionId}" foi reenviada depois de uma resposta pouco clara ({answer}): risco de pagamento duplicado.',
  createResentFix:
    'Nunca reenvie uma criação de resultado desconhecido; reconcilie-a com a consulta de estado ou a notificação, e só crie outra encomenda se a primeira não existir.',
  followUpOnFinal: '{operation} foi enviado em {transactionID} quando já estava {paymentStatus} (um estado final).',
  followUpOnFinalFix:
    'Verifique o paymentStatus antes de uma chamada seguinte: Success, Declined, Error, Timeout e Expired nunca mudam.',
  ackWrongShape: 'A confirmação da notificação {notificationID} não foi válida ({problem}): {answer}.',
  ackWrongShapeFix:
    'Responda HTTP 200 com um objeto JSON: statusCode "200", statusMsg "Success" e notificationID a repetir o id recebido.',
  ackMissing: 'A notificação {notificationID} não teve resposta do webhook ({problem}).',
  ackMissingFix: 'Mantenha o webhook acessível e responda a cada notificação em menos de 5 segundos.',
  ackLate: 'A notificação {notificationID} não foi confirmada em {limitMs} ms (demorou {durationMs} ms ou mais).',
  ackLateFix: 'Confirme primeiro (guarde a notificação, responda 200) e faça depois o trabalho demorado.',
  ackInconsistent: 'A notificação {notificationID} teve respostas diferentes em entregas diferentes ({answers}).',
  ackInconsistentFix:
    'Um notificationID repetido é um duplicado: confirme-o outra vez da mesma forma e aplique-o só uma vez.',
  webhookNotHttps: 'O webhook {url} não é HTTPS.',
  webhookNotHttpsFix:
    'Use um endereço https:// para o webhook em produção (http simples só é aceitável nesta máquina, para testes).',
  certHandlesDeclined: 'Trata um pagamento Declined',
  certHandlesTimeout: 'Trata um Timeout',
  certHandlesExpiredReference: 'Trata uma referência Multibanco expirada',
  certNoResendAfterUnknown:
    'Não reenvia uma criação depois de uma resposta de resultado desconhecido (5xx, tempo esgotado)',
  certDuplicateNotifications: 'Confirma corretamente notificações duplicadas',
  certOutOfOrderNotifications: 'Confirma corretamente notificações fora de ordem',
  certAckShape: 'Forma e tempo da confirmação',
  certPollingDiscipline: 'Disciplina nas consultas de estado',
  certRequestHeaders: 'Cabeçalhos e autenticação',
  certRequestBodies: 'Corpos dos pedidos e identificadores',
  certPass: 'aprovado',
  certFail: 'reprovado',
  certNotExercised: 'não exercitado',
};

export default shopTextPt;
