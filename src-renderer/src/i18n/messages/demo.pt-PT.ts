import type demoEn from './demo.en';
import type { SameKeys } from './shape';

/** Demonstração em português europeu. */
const demoPt: SameKeys<typeof demoEn> = {
  title: 'Demonstração',
  description:
    'Mostre a um novo comerciante como funciona o gateway: um mundo Sandbox próprio com três semanas de pagamentos (a sua Sandbox não é tocada) e depois uma visita guiada por todos os fluxos.',
  profileA: 'Perfil da Variante A para a visita',
  profileB: 'Perfil da Variante B para a visita',
  start: 'Iniciar demonstração',
  startHint:
    'Cria no simulador um mundo próprio para a demonstração, cria lá três semanas de pagamentos e abre a visita guiada. A sua Sandbox não é tocada.',
  startTour: 'Iniciar a visita',
  resume: 'Retomar a visita',
  end: 'Terminar demonstração',
  endConfirm:
    'Terminar a demonstração? O seu mundo (transações simuladas, relógio, notificações) e as suas linhas do Histórico são descartados. A sua Sandbox não é tocada.',
  endYes: 'Terminar a demonstração',
  endNo: 'Cancelar',
  ended: 'Demonstração terminada: o seu mundo foi descartado. A sua Sandbox está como estava.',
  endFailed: 'Não foi possível terminar a demonstração: {message}',
  seeding: 'A criar o mundo da demonstração e os seus pagamentos…',
  seeded: 'Criadas {orders} encomendas de {from} a {to}.',
  seedFailed: 'Não foi possível criar a demonstração: {message}',
  realProfileNote:
    'Estes perfis não são a Sandbox: nada é criado, e os passos que o simulador faria passam a ser passos seus no ambiente de testes, com a consulta de estado a decorrer.',
  testPhone: 'Telemóvel MB WAY no ambiente de testes (351#…)',
  presenter: 'Modo apresentador',
  presenterShortcut: 'Modo apresentador: letra maior, interface mais calma, ids encurtados, nada secreto',
  presenterHint: 'Ctrl+Shift+P: letra maior, interface mais calma, ids encurtados, nada secreto.',
  stage: {
    title: 'Palco da visita',
    empty: 'Inicie a visita para ver cada chamada que o seu servidor faz.',
    request: 'Pedido que o seu servidor envia',
    response: 'O que o gateway responde',
    noResponse: 'Sem resposta (tempo esgotado ou falha de ligação).',
    suggested: 'Ação sugerida: {action}',
    notification: 'Notificação recebida',
    notificationNone: 'Ainda não há notificação para esta transação.',
    delivery: '{status} · {state} · {attempts} tentativa(s) · confirmada: {ack}',
    yes: 'sim',
    no: 'não',
    polling: 'A consultar o estado a cada {seconds} s… última resposta: {status}',
    pollDone: 'Estado final atingido: {status}',
    transaction: 'Transação {id}',
  },
  code: {
    title: 'O código do seu servidor',
    hint: 'As credenciais são variáveis de ambiente: {vars}.',
    language: 'Linguagem',
    copy: 'Copiar',
    copied: 'Copiado',
    refused: {
      method: 'Sem código para este pedido: o seu método HTTP não pode ser escrito tal como foi enviado.',
      url: 'Sem código para este pedido: o seu endereço não é um URL http(s) simples.',
      headerName: 'Sem código para este pedido: o nome de cabeçalho {name} não é um nome de cabeçalho HTTP válido.',
      headerValue:
        'Sem código para este pedido: o cabeçalho {name} contém caracteres que nenhum cliente HTTP envia tal como registados.',
      credentialOrigin:
        'Sem código para este pedido: vai para {name}, mas as credenciais do seu perfil são para outro endereço (ou esta consola não tem esse perfil), por isso nenhum código as lê.',
    },
  },
  diagram: {
    title: 'Diagrama de sequência',
    loading: 'A desenhar o diagrama…',
    failed: 'Não foi possível desenhar o diagrama: {message}',
    empty: 'Ainda nada registado para esta transação.',
    exportSvg: 'Exportar SVG',
    exportPng: 'Exportar PNG',
    label: 'Diagrama de sequência da transação {id}: {count} mensagens',
    participant: {
      shop: 'Servidor da loja',
      gateway: 'Gateway',
      shopper: 'Comprador (telemóvel ou app do banco)',
      receiver: 'Recetor de notificações',
    },
    operation: {
      createOrder: 'Criar encomenda',
      generateReference: 'Gerar Referência Multibanco',
      mbwayPurchase: 'Pedido MB WAY',
      getStatus: 'Consulta de estado',
      performAction: 'Passo adicional (ação)',
    },
    approves: 'O comprador aprova na app MB WAY',
    declines: 'O comprador responde na app MB WAY: {status}',
    pays: 'O comprador paga a referência (Multibanco ou homebanking)',
    answers: 'Comprador ou banco: {status}',
    notification: 'Notificação (cifrada): {status}',
    duplicate: 'Notificação repetida (mesmo notificationID): {status}',
    acknowledged: 'HTTP 200, confirmada',
    noAnswer: 'sem resposta',
    showReference: 'Mostra entidade e referência no checkout',
    mbwayOnPhone: 'O pedido MB WAY aparece no telemóvel',
  },
  chart: {
    title: 'Pagamentos por estado ao longo do tempo',
    byMethod: 'Por método',
    byStatus: 'Por estado',
    label: 'Gráfico: {summary}',
    empty: 'Ainda não há pagamentos para mostrar.',
  },
  tour: {
    progress: '{current} de {total}',
    next: 'Seguinte',
    previous: 'Anterior',
    done: 'Concluir',
    close: 'Pausar a visita',
    working: 'A trabalhar…',
    failed: 'Este passo falhou: {message}. Prima Seguinte para tentar de novo.',
    manual: 'No ambiente de testes: {action}',
    steps: {
      intro: {
        title: 'O servidor do comerciante fala com o gateway',
        body: 'Tudo nesta visita é uma chamada real. O seu servidor envia-a, o gateway responde e a consola regista ambas — com as credenciais mascaradas.',
      },
      aCreate: {
        title: 'Variante A: criar a encomenda',
        body: 'O seu servidor faz POST da encomenda para /payments com o token Bearer e o client id. Guarda o transactionID e a transactionSignature para as chamadas seguintes.',
      },
      aCreated: {
        title: 'statusCode 000 significa processado, não pago',
        body: 'A encomenda existe e aguarda pagamento (Pending). O seu servidor apresenta ao comprador os métodos de paymentMethodList.',
      },
      mbwayRequest: {
        title: 'Pedir MB WAY',
        body: 'O comprador escolheu MB WAY: o seu servidor envia o telemóvel como 351#9XXXXXXXX, autorizado com Digest e a transactionSignature, não com o token Bearer.',
      },
      mbwayApproved: {
        title: 'O comprador aprova; chega uma notificação',
        body: 'O gateway envia por POST uma notificação cifrada para o seu recetor. O seu servidor decifra-a (AES-256-GCM), responde HTTP 200 com o notificationID e atualiza a encomenda.',
      },
      status: {
        title: 'Confirmar com uma consulta de estado',
        body: 'A consulta de estado é a fonte de verdade: o seu servidor pergunta antes de expedir, e sempre que uma notificação e os seus registos discordam.',
      },
      diagram: {
        title: 'A conversa completa',
        body: 'Servidor da loja, gateway, telemóvel do comprador e recetor de notificações, por ordem temporal — a partir das trocas e notificações registadas.',
      },
      mbwayDeclined: {
        title: 'MB WAY recusado',
        body: 'Aqui o comprador recusa na app. O statusCode explica porquê; o seu servidor mostra ao comprador outra forma de pagar em vez de “pago”.',
      },
      referenceCreate: {
        title: 'Multibanco: gerar a referência',
        body: 'O seu servidor pede uma referência de pagamento (autenticação Digest). A resposta traz entidade, referência, montante e validade para mostrar no checkout.',
      },
      referencePaid: {
        title: 'O comprador paga a referência',
        body: 'Mais tarde, num Multibanco ou no homebanking, o comprador paga. A notificação e a consulta de estado passam a dizer Success (paymentType PREF).',
      },
      bCreate: {
        title: 'Variante B: um passo adicional',
        body: 'Uma encomenda da Variante B envia informação do dispositivo e recebe uma lista de regulamentação. Para cartão responde com actionResponse: um endereço e parâmetros para o passo adicional.',
      },
      bAction: {
        title: 'O passo da ação',
        body: 'O browser do comprador envia os parâmetros indicados para o endereço indicado (3-D Secure, redirecionamento do banco). Até lá o pagamento fica pendente.',
      },
      error: {
        title: 'Um erro, e o que fazer',
        body: 'Verifique o estado HTTP e o returnStatus em conjunto. Um 5xx numa chamada que movimenta dinheiro deixa o resultado desconhecido: a encomenda pode existir, por isso nunca a reenvie — consulte primeiro o estado, como diz a ação sugerida.',
      },
      code: {
        title: 'O código do seu servidor',
        body: 'Cada troca em cURL, Node, Python, PHP, Java ou C#, com as credenciais lidas de variáveis de ambiente.',
      },
      end: {
        title: 'É este o fluxo completo',
        body: 'O Histórico tem três semanas de pagamentos para explorar. Termine a demonstração para repor a Sandbox para a próxima.',
      },
    },
    manualSteps: {
      approve: 'aprove o pagamento na app MB WAY de testes ({phone}).',
      decline: 'recuse o pagamento na app MB WAY de testes ({phone}).',
      pay: 'pague a referência {reference} no homebanking de testes.',
      action: 'conclua o passo adicional no endereço indicado.',
    },
  },
};

export default demoPt;
