import type notificationsEn from './notifications.en';
import type { SameKeys } from './shape';

/** Ecrã de notificações: entregas, recetor, decifra, reconciliação e reenvio. */
const notificationsPt: SameKeys<typeof notificationsEn> = {
  deliveries: {
    select: 'Selecionar',
    selectRow: 'Selecionar a entrega n.º {seq} para reenvio',
    acknowledged: 'Confirmada (HTTP {status})',
    acknowledgedUnreadable: 'Confirmada, mas não foi possível lê-la (HTTP {status}): {reason}',
    refused: 'Recusada (HTTP {status}): {reason}',
    noReason: 'sem motivo registado',
    col: {
      received: 'Recebida',
      transaction: 'Transação',
      status: 'Estado',
      method: 'Método',
      amount: 'Montante',
      verdict: 'Veredicto',
      duplicate: 'Duplicada',
    },
    duplicateTitle: 'O mesmo notificationID já tinha sido aceite (uma repetição do gateway).',
    duplicate: 'Duplicada',
    openRow: 'Abrir a entrega n.º {seq}',
    open: 'Abrir',
    label: 'Entregas',
    empty: 'Ainda não foram recebidas notificações: as entregas ao recetor aparecem aqui à medida que chegam.',
  },
  notifications: {
    description: 'Notificações do comerciante recebidas, decifradas e confirmadas.',
    notStored: 'Notificações não guardadas',
    tools: 'Ferramentas de notificações',
    tab: {
      deliveries: 'Entregas',
      reconciliation: 'Reconciliação',
      reconciliationCount: 'Reconciliação ({count})',
      decrypt: 'Colar e decifrar',
      replay: 'Reenviar',
    },
    showOlder: 'Mostrar entregas mais antigas',
    replaySelected: 'Reenviar as selecionadas ({count})',
  },
  receiver: {
    title: 'Recetor',
    unavailable: 'Estado do recetor indisponível',
    listening: 'À escuta',
    notListening: 'Não está à escuta',
    copyUrl: 'Copiar o URL do recetor',
    journaled: '{count} entregas registadas | {count} entrega registada | {count} entregas registadas',
    refresh: 'Atualizar',
    reachable: 'Acessível a partir de outras máquinas',
    problem: 'Problema no recetor',
    unreadable: 'Linhas ilegíveis no diário',
    unreadableText: 'Não foi possível ler {count} linha(s) do diário de entregas; ficam no ficheiro, intactas.',
  },
  decrypt: {
    hint: {
      authenticationFailed:
        'Confirme que o segredo pertence ao terminal que a enviou e que o IV, a tag e o corpo foram copiados inteiros e do mesmo pedido.',
      plaintextNotJson: 'A chave estava certa, mas o resultado decifrado não é JSON.',
    },
    chooseProfile: 'Escolha o perfil cujo segredo de webhook deve ser usado.',
    typeSecret: 'Escreva o segredo de webhook (base64, 32 bytes).',
    iv: 'IV (X-Initialization-Vector)',
    tag: 'Tag de autenticação (X-Authentication-Tag)',
    body: 'Corpo (base64)',
    submit: 'Decifrar',
    failed: 'Não foi possível decifrar ({code})',
    result: 'Notificação decifrada',
    plaintext: 'Texto decifrado',
    unusable: 'Decifrada, mas não é uma notificação utilizável',
    parsedView: 'Vista interpretada',
  },
  delivery: {
    title: 'Entrega n.º {seq}',
    from: 'de {address}',
    unknown: 'desconhecido',
    duplicateOf:
      'O mesmo notificationID já tinha sido aceite (entrega n.º {seq}): uma repetição do gateway. Foi confirmada de novo.',
    duplicateNote: 'O mesmo notificationID já tinha sido aceite: uma repetição do gateway. Foi confirmada de novo.',
    rawHeaders: 'Cabeçalhos em bruto',
    rawBody: 'Corpo em bruto',
    rawBodyBase64: 'Corpo em bruto (não é UTF-8; mostrado em base64)',
    empty: '(vazio)',
    truncated: 'O corpo era mais longo; só se guardou o início.',
    parsed: 'Interpretada',
    parsedLabel: 'Notificação interpretada',
  },
  parsed: {
    transaction: 'Transação',
    merchantOrderId: 'Id da encomenda do comerciante',
    terminal: 'Terminal',
    paymentStatus: 'Estado do pagamento',
    returnStatus: 'Estado de retorno',
    method: 'Método',
    paymentType: 'Tipo de pagamento',
    amount: 'Montante',
    paidAt: 'Pago em (UTC)',
    token: 'Token',
    merchant: 'Comerciante',
    notes: 'Notas do interpretador',
    unknownFields: 'Campos que o interpretador não conhece (mantidos)',
  },
  reconciliation: {
    disagree: 'Notificação e estado não coincidem',
    neverNotified: 'Final, nunca notificada',
    neverQueried: 'Notificada, estado nunca consultado',
    intro:
      'A consulta de estado é a fonte de verdade: as notificações chegam tarde, repetidas ou fora de ordem. Uma transação assinalada resolve-se consultando o seu estado.',
    none: 'Nada a reconciliar: notificações e respostas de estado coincidem.',
    status: 'Estado:',
    notification: 'Notificação:',
    queryOf: 'Consultar o estado de {id}',
    query: 'Consultar o estado',
    neverQueriedText: 'Notificada como {notified}, mas o estado nunca foi consultado.',
    disagreeText: 'A última notificação diz {notified}; a última resposta de estado diz {status}.',
    neverNotifiedText: 'Final segundo o estado ({status}), mas nunca foi recebida nenhuma notificação.',
  },
  replay: {
    selectFirst: 'Selecione entregas aceites na lista para as reenviar.',
    selected: '{count} selecionada(s) para reenvio.',
    how: 'Como enviar',
    once: 'Uma vez cada',
    duplicates: 'Em duplicado',
    reverse: 'Por ordem inversa',
    copies: 'Cópias de cada',
    submit: 'Reenviar',
    notSent: 'Não enviado ({code})',
    results: 'Resultados do reenvio',
    noAnswer: 'sem resposta',
    notAcknowledged: 'Não confirmada ({code}): {reason}',
    target: {
      ready: 'Reentregue exatamente como recebida (mesmos bytes, IV e tag) no URL de webhook de “{name}”: {url}',
      notAccepted:
        'Só se podem reenviar entregas aceites pelo recetor: uma recusada nunca foi uma notificação autêntica.',
      mixedProfiles:
        'As entregas selecionadas pertencem a perfis diferentes: selecione as notificações de um só perfil.',
      unknownProfile: 'O perfil que aceitou estas notificações já não existe.',
      lookupOnly: '“{name}” é só de consulta: não pode reenviar notificações.',
      noWebhookUrl:
        '“{name}” não tem URL de webhook. Defina o URL de notificações da loja no perfil para reenviar para lá.',
    },
    typeProfileName: 'Escreva “{name}” para reenviar para produção',
    error: {
      lookupOnly:
        'Este perfil é só de consulta: pode consultar estados, mas nunca reenviar notificações. Nada foi enviado.',
      confirmationRequired:
        '“{profileName}” é um perfil de produção: escreva o nome dele para reenviar. Nada foi enviado.',
      confirmationMismatch: 'O nome escrito não corresponde ao perfil de produção “{profileName}”. Nada foi enviado.',
      noWebhookUrl:
        '“{profileName}” não tem URL de webhook: defina-o no perfil para reenviar as notificações dele. Nada foi enviado.',
      noWebhookSecret:
        '“{profileName}” não tem segredo de webhook disponível (o cofre está bloqueado?), por isso não é possível provar que as notificações são autênticas. Nada foi enviado.',
      notReplayable: {
        refused:
          'A entrega #{seq} não pode ser reenviada: o recetor recusou-a, por isso nunca foi uma notificação autêntica. Nada foi enviado.',
        unreadable: 'A entrega #{seq} não pode ser reenviada: nunca foi uma notificação legível. Nada foi enviado.',
        bytesNotKept:
          'A entrega #{seq} não pode ser reenviada: os bytes recebidos não foram guardados (o texto continha dados de cartão), e o texto ocultado não é o que o gateway enviou. Nada foi enviado.',
        noIvTag: 'A entrega #{seq} não pode ser reenviada: o cabeçalho IV ou tag não foi guardado. Nada foi enviado.',
        bytesMismatch:
          'A entrega #{seq} não pode ser reenviada: os bytes guardados não decifram para a notificação recebida com o segredo de webhook do perfil. Nada foi enviado.',
      },
      mixedProfiles:
        'As entregas selecionadas pertencem a {profiles} perfis diferentes: reenvie um perfil de cada vez. Nada foi enviado.',
      tooManySends:
        'Este reenvio enviaria {planned} notificações; no máximo {max} são enviadas num reenvio. Nada foi enviado.',
      duplicateReference:
        'A entrega #{seq} está selecionada mais de uma vez: use “Em duplicado” para enviar cópias. Nada foi enviado.',
    },
  },
  secretChoice: {
    legend: 'Segredo de webhook',
    fromProfile: 'De um perfil',
    typed: 'Escrito à mão',
    profile: 'Perfil',
    profileHint: 'O segredo fica no porta-chaves: só o id do perfil é enviado.',
    choose: 'Escolha um perfil…',
    secret: 'Segredo (base64)',
    secretHint: 'Usado só nesta chamada; nunca é guardado.',
  },
  notificationSync: {
    journalUnreadable: 'Não foi possível ler o diário de notificações: {error}',
    notStored: 'Não foi possível guardar as notificações: {error}',
    oneNotStored: 'Não foi possível guardar uma notificação: {error}',
    unknownProfile: 'Perfil desconhecido',
    noTransactionId: 'Esta linha não tem um id de transação do gateway para consultar.',
  },
};

export default notificationsPt;
