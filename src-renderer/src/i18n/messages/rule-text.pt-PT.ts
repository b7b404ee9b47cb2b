import type { RuleId } from '@shared/rule-text';

/**
 * As regras de validação partilhadas em português europeu, pelo id de src-shared/rule-text.ts (o
 * catálogo inglês é a própria tabela). Espalhadas em `ruleText` no pt-PT.ts.
 */
const ruleTextPt: Record<RuleId, string> = {
  required: 'é obrigatório',
  requiredCardA: 'é obrigatório para pagamentos com cartão na Variante A',
  requiredVariantB: 'é obrigatório na Variante B',
  requiredWhenMethod: 'é obrigatório quando paymentMethod inclui {methods}',
  maxChars: 'deve ter no máximo {max} caracteres',
  notEmpty: 'não pode estar vazio',
  mustBeString: 'deve ser texto',
  mustBeObject: 'deve ser um objeto',
  mustBeKeyValueObject: 'deve ser um objeto com uma chave e um valor',
  mustBeKeyValueArray: 'deve ser uma lista de objetos com uma chave e um valor',
  mustBeMethodArray: 'deve ser uma lista de códigos de método de pagamento',
  mustBeBoolean: 'deve ser true ou false (um booleano JSON)',
  mustBeJsonNumber: 'deve ser um número JSON',
  mustBeJsonNumberNotString: 'deve ser um número JSON (não texto)',
  mustBeCurrencyType: 'deve ser um código de moeda ISO 4217',
  mustBeCountryType: 'deve ser um código de país ISO 3166-1 alfa-2',
  mustBeLanguageType: 'deve ser um código de idioma ISO 639-1',
  isoDateTime: 'deve ser uma data e hora ISO 8601, p. ex. {example}',
  currency: 'deve ser um código de moeda ISO 4217, p. ex. {example}',
  country: 'deve ser um código de país ISO 3166-1 alfa-2, p. ex. {example}',
  language: 'deve ser um código de idioma ISO 639-1, p. ex. {example}',
  finite: 'deve ser um número finito',
  positive: 'deve ser maior do que 0',
  twoDecimals: 'deve ter no máximo 2 casas decimais',
  wholeNumber: 'deve ser um número inteiro',
  notNegative: 'não pode ser negativo',
  maxDigits: 'deve ter no máximo {max} algarismos',
  email: 'deve ser um endereço de e-mail',
  e164: 'deve estar no formato E.164: + seguido de no máximo 15 algarismos, p. ex. {example}',
  afterInitial: 'deve ser posterior a initialDatetime',
  notAboveMax: 'não pode exceder maxAmount.value',
  oneMethod: 'deve indicar pelo menos um método de pagamento',
  methodTwice: 'não pode repetir um método',
  decimal: 'deve ser um número decimal',
  oneOf: 'deve ser um de {values}',
  oneOfVariantCodes: 'deve ser um dos códigos da Variante {variant}: {values}',
  transactionIdRequired: 'O id da transação é obrigatório',
  transactionIdMax: 'O id da transação tem no máximo {max} caracteres',
  transactionIdChars: 'O id da transação só pode ter letras, algarismos, - e _',
  phoneRequired: 'O telemóvel é obrigatório',
  nameRequired: 'O nome é obrigatório',
  baseUrl: 'O URL base tem de ser um URL absoluto',
  baseUrlScheme: 'O URL base tem de começar por http:// ou https://',
  version: 'A versão tem de ser um único segmento de caminho, como v2',
  terminalId: 'O id do terminal tem de ter de 1 a 10 algarismos',
  clientIdHeader: 'O nome do cabeçalho do client id tem de ser um nome de cabeçalho HTTP válido',
  colour: 'A cor tem de ter o formato #1a2b3c',
  webhookUrl: 'O URL de webhook tem de ser um URL absoluto',
  webhookUrlScheme: 'O URL de webhook tem de começar por http:// ou https://',
  secretEmpty: 'Um segredo não pode estar vazio',
  shortMultibancoMinutes:
    'deixa a referência Multibanco válida durante {n} minutos, menos de {min} horas: quem paga no multibanco ou no homebanking no dia seguinte vai encontrá-la expirada',
  shortMultibancoHours:
    'deixa a referência Multibanco válida durante {n} horas, menos de {min} horas: quem paga no multibanco ou no homebanking no dia seguinte vai encontrá-la expirada',
};

export default ruleTextPt;
