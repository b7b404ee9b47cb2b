import type credentialsEn from './credentials.en';
import type { SameKeys } from './shape';

/** Para onde as credenciais podem ir, em português europeu. Espalhados em `credentials` no pt-PT.ts. */
const credentialsPt: SameKeys<typeof credentialsEn> = {
  originChange:
    'Mudar o endereço apaga o token e o client id guardados: foram guardados para {origin}. Introduza-os de novo abaixo para os usar em {newOrigin}.',
  productionNameLabel: 'Escreva o nome do perfil “{name}” para guardar este perfil de produção',
  productionNameHint:
    'Guardar um perfil de produção decide para onde vão credenciais de produção; por isso pede o nome escrito, como uma chamada de produção.',
  productionHttp:
    'Um perfil de produção precisa de https:// (http:// simples só para este computador, p. ex. http://127.0.0.1).',
  error: {
    productionNameRequired: '“{name}” é um perfil de produção: escreva o nome para o guardar. Nada foi guardado.',
    productionNameMismatch: 'O nome escrito não é “{name}”, o nome do perfil de produção. Nada foi guardado.',
    productionPlainHttp:
      '“{name}” é um perfil de produção: o URL base tem de usar https:// (http:// simples só para este computador). Nada foi guardado nem enviado.',
    secretsOriginMismatch:
      'Não enviado: o token e o client id deste perfil foram guardados para {bound}, não para {target}. Introduza-os de novo para o novo endereço.',
    actionUrlNotIssued:
      'Não enviado: o passo de ação só vai para o url que o gateway devolveu para esta transação ({transactionId}).',
  },
  secretsWhere: {
    keychain: 'Segredos (só escrita: guardados no porta-chaves do sistema, nunca mostrados de volta)',
    vault: 'Segredos (só escrita: guardados no ficheiro-cofre cifrado, nunca mostrados de volta)',
    session:
      'Segredos (só escrita, nunca mostrados de volta): aqui não há porta-chaves, por isso ficam só em memória e são esquecidos quando a consola fecha — escolha o cofre nas Definições para os guardar',
    unknown: 'Segredos (só escrita, nunca mostrados de volta)',
  },
};

export default credentialsPt;
