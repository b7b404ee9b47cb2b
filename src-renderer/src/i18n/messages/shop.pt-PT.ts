import type en from './shop.en';
import type { SameKeys } from './shape';

const shop: SameKeys<typeof en> = {
  shop: {
    description:
      'Aponte o backend da sua loja para este mundo: cada chamada que faz e cada notificação que o mundo lhe envia aparecem aqui em direto, verificadas face à interface.',
    timeline: 'As chamadas e notificações da loja, mais recentes primeiro',
    empty: 'Ainda sem tráfego: configure a loja com o endereço e as credenciais acima e faça-a chamar.',
    noFindings: 'Sem problemas: nada do que foi registado viola a interface.',
    noFindingsHere: 'Sem problemas nesta entrada nem na sua transação.',
    findingsTitle: 'Problemas encontrados',
    findingsCount: 'Problemas encontrados ({count})',
    fix: 'Como corrigir:',
    transaction: 'Transação',
    wholeEntry: 'A entrada completa',
    count: '{shown} de {total} mostradas',
    kind: { call: 'Chamada', notification: 'Notificação' },
    filter: {
      label: 'Mostrar',
      all: 'Tudo',
      calls: 'Chamadas',
      notifications: 'Notificações',
      findings: 'Só problemas',
    },
    column: { time: 'Hora', kind: 'Tipo', what: 'O quê', outcome: 'Resultado', findings: 'Problemas' },
    fromShop: 'da loja',
    checklist: 'Lista de verificação para produção (do tráfego mostrado)',
    certification: {
      html: 'Certificação',
      htmlLabel: 'Certificação de entrada em produção da loja em {name} (HTML)',
      json: 'Cert. JSON',
      jsonLabel: 'Certificação de entrada em produção da loja em {name} (JSON)',
      junit: 'Cert. JUnit',
      junitLabel: 'Certificação de entrada em produção da loja em {name} (JUnit XML)',
    },
    connection: {
      title: 'Ligar a sua loja',
      sandboxOnly:
        'Estas são as credenciais da Sandbox do simulador integrado, criadas por esta consola e aceites por nenhum gateway real. Mantêm-se após reiniciar.',
      apiUrl: 'URL da API',
      baseUrl: 'URL base',
      pathPrefix: 'Caminho',
      clientIdHeader: 'Cabeçalho do client id',
      clientId: 'Client id',
      terminal: 'Id do terminal (Variante {variant})',
      bearerToken: 'Bearer token (Variante {variant})',
      webhookSecret: 'Segredo do webhook',
      copy: 'Copiar {what}',
      webhookUrl: 'URL do webhook da loja',
      saveWebhook: 'Guardar webhook',
      webhookHint: 'O mundo envia para lá as notificações da loja. Deixe vazio para as enviar para esta consola.',
      webhookSaved: 'Webhook guardado.',
    },
  },
};

export default shop;
