import type teamEn from './team.en';
import type { SameKeys } from './shape';

/** Área de equipa: secção das Definições e resultados de equipa no Apoio. */
const teamPt: SameKeys<typeof teamEn> = {
  team: {
    title: 'Área de equipa',
    hint: 'Opcional: partilhe com a sua equipa, em PostgreSQL, o registo desta consola (mascarado), as notas de caso, as consultas e as revelações. Sem ela, a consola trabalha sozinha.',
    url: 'Endereço da área',
    urlHint: "postgres://login{'@'}anfitriao:5432/base-de-dados — sem palavra-passe aqui",
    merchant: 'Comerciante',
    merchantHint:
      'O comerciante para quem a sua equipa trabalha, com o nome que o administrador da área lhe deu (o seu âmbito lá)',
    password: 'Palavra-passe',
    passwordKept: 'Há uma palavra-passe guardada (porta-chaves ou cofre); deixe vazio para a manter',
    passwordNone: 'Guardada no porta-chaves ou no cofre, nunca num ficheiro',
    tlsMode: 'TLS',
    tlsDisable: 'Desligado (só testes locais)',
    tlsRequire: 'Cifrar',
    tlsVerifyFull: 'Cifrar e verificar (verify-full)',
    caPath: 'Ficheiro do certificado da AC',
    caPathHint: 'Necessário para verify-full: o certificado da autoridade que assinou o do servidor',
    save: 'Guardar e ligar',
    test: 'Testar',
    connect: 'Ligar',
    disconnect: 'Desligar',
    tested: 'A área de equipa respondeu: esquema na versão {version}, login {login}.',
    status: 'Estado',
    stateOff: 'Não configurada',
    stateConnecting: 'A ligar…',
    stateConnected: 'Ligada',
    stateOffline: 'Sem ligação',
    stateRefused: 'Recusada',
    notShared: '{count} ainda por partilhar',
    allShared: 'Tudo partilhado',
    pullProgress: 'A trazer as transações da equipa: {done} de {total}',
    pullDone: '{count} transações da equipa trazidas para esta consola',
    pullLabel: 'Transações da equipa trazidas para esta consola',
    searchLabel: 'Pesquisar na área de equipa',
    searchHint:
      'transactionID, id da encomenda do comerciante, referência Multibanco, pedido ou e-mail (quando partilhado sem máscara)',
    ticket: 'Referência do pedido (registada com a consulta)',
    search: 'Pesquisar na equipa',
    noResults: 'Nenhuma transação partilhada corresponde.',
    results: 'Resultados da equipa',
    lookedUpBy: 'Consultada por {who} às {at}',
    notedBy: '{who} às {at}',
    liveActivity: 'Atividade da equipa',
    activityNote: '{who} anotou em {subject}: {text}',
    activityLookup: '{who} consultou {subject}',
  },
};

export default teamPt;
