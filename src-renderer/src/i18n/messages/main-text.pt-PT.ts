import type { MainTextId } from '@shared/console-text';

/**
 * As mensagens do processo principal em português europeu, pelo id de src-shared/main-texts.ts
 * (o catálogo inglês é a própria tabela). Um id sem tradução aqui falha a verificação de tipos e o
 * teste do catálogo. Espalhadas em `mainText` no pt-PT.ts.
 */
const mainTextPt: Record<MainTextId, string> = {
  vaultPassphraseShort:
    'A frase-passe do cofre precisa de pelo menos {min} caracteres; uma frase mais longa é mais segura.',
  vaultExists: 'Já existe um cofre de credenciais: desbloqueie-o com a respetiva frase-passe.',
  vaultWrongPassphrase: 'Essa frase-passe não abre o cofre de credenciais.',
  vaultUnreadable: 'Não é possível ler o cofre de credenciais {path}: {reason}.',
  vaultKdfRefused:
    'O cofre de credenciais {path} pede parâmetros de derivação de chave que esta consola recusa ({reason}): o ficheiro está danificado ou foi adulterado. Nada foi derivado.',
  vaultMissing:
    'Falta o ficheiro do cofre de credenciais {path}: crie um cofre novo ou guarde os segredos na memória da sessão (Definições).',
  vaultLocked:
    'Os segredos estão no cofre de ficheiro cifrado, que está bloqueado: desbloqueie-o nas Definições para usar perfis guardados.',
  vaultNone: 'Ainda não existe um cofre de credenciais: crie um primeiro.',
  vaultNotInUse: 'O cofre de credenciais não está em uso.',
  sessionOnlyWhenMissing:
    'A memória da sessão só é escolhida desta forma quando falta o ficheiro do cofre; o cofre está em uso.',
  profileNotFound: 'Não existe nenhum perfil com o id "{id}".',
  profileDuplicateName: 'Já existe um perfil chamado "{name}".',
  profileManaged: '"{name}" é gerido pela consola e não pode ser alterado.',
  productionSecretUsedByTest:
    'Este {secret} já é usado por um perfil de teste ou sandbox; os perfis de produção precisam das suas próprias credenciais de produção.',
  productionSecretInTest:
    'Este {secret} pertence a um perfil de produção; as credenciais de produção não podem ser usadas num perfil {environment}.',
  productionConfirmName: '"{name}" é um perfil de produção: escreva o nome para {operation}. {unchanged}',
  productionConfirmMismatch: 'A confirmação indica "{typed}", mas o perfil de produção é "{name}". {unchanged}',
  productionConfirmCall:
    '"{name}" é um perfil de produção: confirme o nome do perfil e o montante para enviar esta chamada.',
  productionCallMismatch: 'A confirmação indica "{typed}", mas a chamada iria para o perfil de produção "{name}".',
  productionAmountUnknown: 'O montante desta transação não é conhecido, por isso não pode ser confirmado.',
  productionAmountMismatch: 'A confirmação indica {typed}, mas a chamada é de {amount}.',
  productionPlainHttp:
    '"{name}" é um perfil de produção: o URL base tem de usar https:// (http:// simples só é permitido para esta máquina, p. ex. http://127.0.0.1). Nada foi guardado nem enviado.',
  productionNoOrders:
    'Num perfil de produção as encomendas nunca são enviadas sem validação: use um perfil Sandbox ou de teste.',
  productionNoHandSignature: 'Num perfil de produção as assinaturas não podem ser introduzidas à mão.',
  lookupOnlyRefused:
    '"{name}" é um perfil só de consulta: pode consultar estados, mas nunca {operation}. Nada foi enviado.',
  lookupOnlyConfirmRelease:
    '"{name}" é só de consulta: escreva o nome do perfil para o deixar voltar a criar encomendas e movimentar dinheiro.',
  lookupOnlyReleaseMismatch: 'A confirmação indica "{typed}", mas o perfil é "{name}".',
  unknownTransaction:
    'Não há transactionSignature guardada para {transactionId} em "{name}": as chamadas de seguimento só funcionam para encomendas criadas por esta consola com este perfil.',
  actionUrlNotReturned:
    'A ação não foi enviada: {url} não é o url que o gateway devolveu para {transactionId}. O passo só vai para o url da actionResponse do gateway.',
  actionUrlNotIssued:
    'A ação não foi enviada: o gateway não devolveu um url de ação para {transactionId} a esta consola com o perfil "{name}". O passo só vai para o url da actionResponse do gateway.',
  simulatorNotRunning: 'O simulador incorporado não está a funcionar.',
  sandboxControlsNeedSimulator: 'Os controlos da sandbox precisam do simulador incorporado, que não está a funcionar.',
  demoSeeding: 'A demonstração já está a ser preparada.',
  readinessNotProduction:
    'A verificação de prontidão corre no perfil de teste antes de entrar em produção, nunca contra a produção.',
  qaConfirmProduction:
    '"{scenario}" consulta o perfil de produção "{name}": confirme o nome do perfil para o executar.',
  qaConfirmMismatch: 'A confirmação indica "{typed}", mas a execução consultaria o perfil de produção "{name}".',
  qaRunNotFound: 'Não existe nenhuma execução de cenário {runId} (as execuções são guardadas até a consola reiniciar).',
  qaScenarioNotFound: 'Não existe nenhum cenário "{file}" na biblioteca.',
  forbiddenKey:
    '{path}: "{segment}" não pode ser usado como chave nem como segmento de caminho (designa a maquinaria de objetos do JavaScript, não dados).',
  noWebhookSecretForProfile: 'O perfil {profileId} não tem segredo de webhook definido.',
  notReplayableRefused:
    'A entrega n.º {seq} não pode ser reenviada: o recetor recusou-a, por isso nunca foi uma notificação autêntica. Nada foi enviado.',
  notReplayableUnreadable:
    'A entrega n.º {seq} não pode ser reenviada: nunca foi uma notificação legível. Nada foi enviado.',
  notReplayableBytesNotKept:
    'A entrega n.º {seq} não pode ser reenviada: os bytes recebidos não foram guardados (o texto simples tinha dados de cartão). Nada foi enviado.',
  notReplayableNoIvTag:
    'A entrega n.º {seq} não pode ser reenviada: o cabeçalho IV ou tag não foi guardado. Nada foi enviado.',
  notReplayableBytesMismatch:
    'A entrega n.º {seq} não pode ser reenviada: os bytes registados não decifram para a notificação recebida com o segredo de webhook do perfil. Nada foi enviado.',
  tooManySends:
    'Este reenvio faria POST de {planned} notificações; são enviadas no máximo {max} num reenvio. Nada foi enviado.',
  duplicateDelivery:
    'A entrega n.º {seq} está na lista mais de uma vez; use “Como duplicados” para enviar cópias. Nada foi enviado.',
  deliveryNotFound: 'Não existe nenhuma entrega registada n.º {seq}. Nada foi enviado.',
  mixedProfiles:
    'As entregas selecionadas pertencem a {profiles} perfis diferentes; reenvie as notificações de um perfil de cada vez. Nada foi enviado.',
  replayProfileGone:
    'O perfil que aceitou estas notificações já não existe, por isso não há webhook para onde as reenviar. Nada foi enviado.',
  noWebhookUrl:
    '"{name}" não tem URL de webhook: defina no perfil o URL de notificações da loja para lá reenviar as notificações. Nada foi enviado.',
  noWebhookSecret:
    '"{name}" não tem segredo de webhook disponível, por isso não é possível provar que as notificações são autênticas. Nada foi enviado.',
  nothingReceived:
    'A consola ainda não recebeu nenhuma notificação para "{name}". Aponte as notificações do gateway para este perfil ao recetor da consola e faça um pagamento de teste; depois verifique de novo. Nada foi enviado.',
  unknownMethod: 'Não existe nenhum método ConsoleApi chamado {method}.',
  invalidInput: 'Dados inválidos para {method}: {issues}',
  invalidOutput: '{method} produziu um resultado que não corresponde ao contrato.',
  internalError: '{method} falhou inesperadamente: {error}',
  forbiddenSender: 'Quem chamou não é a janela da Gateway Console.',
  hostBadPath: 'Os caminhos não podem conter segmentos `.` ou `..` nem escapes inválidos.',
  hostNoCrossOrigin: 'Os pedidos de outra origem não são suportados.',
  hostTokenRequired: 'É necessário um token de sessão válido.',
  hostPostOnly: 'As chamadas ConsoleApi usam POST.',
  hostJsonOnly: 'As chamadas ConsoleApi enviam application/json.',
  hostNoRoute: 'Não existe nenhuma rota de API {path}.',
  hostGetOnly: 'Aqui só se serve GET e HEAD.',
  hostFailed: 'O anfitrião da consola não conseguiu responder a este pedido.',
  keychainOs: 'Os segredos são guardados no porta-chaves do sistema operativo.',
  keychainSessionOnly:
    'O porta-chaves do sistema operativo não está disponível: os segredos ficam em memória e são esquecidos quando a consola fecha.',
  keychainSessionOnlyWhy:
    'O porta-chaves do sistema operativo não está disponível: os segredos ficam em memória e são esquecidos quando a consola fecha. ({reason})',
  keychainFile:
    'Guardado num ficheiro da pasta de dados do utilizador (só para valores que não são segredos, como as credenciais da Sandbox).',
  vaultUnlocked:
    'Os segredos são guardados num cofre de ficheiro cifrado (scrypt + AES-256-GCM), desbloqueado com a sua frase-passe.',
  secretsOriginMismatch:
    'O pedido não foi enviado: o token e o client id do perfil foram guardados para {bound} e este pedido iria para {target}. Introduza-os de novo para o novo endereço.',
  missingCredential: 'O pedido não foi enviado: o perfil não tem {what}. Defina-o primeiro no perfil.',
  actionUrlInvalid: 'A ação não foi enviada: o url "{url}" não é um URL.',
  actionUrlScheme: 'A ação não foi enviada: o url tem de ser http ou https.',
  overrideNotAllowed:
    'As exceções de QA só são aceites em perfis Sandbox e de teste; "{name}" é um perfil de produção. Nada foi enviado.',
  paymentFinal:
    '{transactionId} é final: o processo principal soube o seu estado {status} em {learnedAt} (por uma resposta {source}). Um pagamento final nunca muda, por isso nada foi enviado.',
  duplicateMerchantIdUsed:
    'O merchantTransactionId "{merchantTransactionId}" já é usado em "{name}" pela transação {transactionId} (criada em {createdAt}). Use um merchantTransactionId novo; nada foi enviado.',
  duplicateMerchantIdUnanswered:
    'A criação com o merchantTransactionId "{merchantTransactionId}" enviada em "{name}" às {sentAt} não teve resposta, por isso a encomenda pode existir: procure-a (Histórico, notificações, uma consulta de estado) antes de a criar de novo. Nada foi enviado.',
  duplicateMerchantIdPending:
    'Está a ser criada agora uma encomenda com o merchantTransactionId "{merchantTransactionId}" em "{name}"; aguarde a resposta. Nada foi enviado.',
  revealUnknownTransaction:
    'A consola não conhece a transação {transactionId}: só uma transação criada por ela pode ter um campo revelado. Nada foi registado.',
  revealNoCustomerData:
    'A consola não tem {field} para {transactionId}, por isso não há nada a revelar. Nada foi registado.',
  lookupCopySourceGone:
    '"{name}" consulta com o endereço e as credenciais de um perfil que já não existe; defina os seus próprios ou apague-o.',
  hostSessionEnded: 'Este separador pertence a uma execução anterior da consola: abra o novo endereço que ela indicou.',
  evidenceNotBase64: 'O ficheiro anexado "{name}" não chegou como dados base64.',
  recordNotWritten:
    'A consola não conseguiu escrever o seu registo {path}: as chamadas continuam a funcionar, mas o Histórico noutra janela ou depois de reiniciar não as terá.',
  recordUnreadableLines:
    'O registo da consola {path} tem {count} linha(s) que não consegue ler (uma escrita interrompida por uma falha ou uma linha editada): são ignoradas e mantidas no ficheiro; o resto do Histórico está intacto.',
  storedFileTooLarge:
    'O ficheiro {path} tem {bytes} bytes, mais do que os {limit} que a consola lê; foi guardado como {backup} e a consola arrancou sem o que ele continha.',
  storedFileUnreadable:
    'Não foi possível ler o ficheiro {path} ({reason}); foi guardado como {backup} e a consola arrancou sem o que ele continha.',
  storedFileNotJson: 'não é JSON: {reason}',
  storedFileTooDeep: 'tem mais de {limit} níveis de aninhamento',
  storedRecordInvalid:
    '{name} em {path} é inválido ({issue}) e foi posto de parte na lista "quarantined" do ficheiro; os restantes estão em uso.',
  templateNotFound: 'Não existe nenhum modelo de encomenda com o id "{id}".',
  templateTooLarge:
    'O modelo de encomenda "{name}" tem {bytes} bytes; um modelo pode ter no máximo {limit}. Nada foi guardado.',
  testSessionNotFound: 'Não existe nenhuma sessão de teste com o id "{id}".',
  testSessionExists: 'Já existe uma sessão de teste com o id "{id}".',
  worldIdInvalid: '"{id}" não é um nome que a consola dê aos seus mundos Sandbox.',
  worldNotFound:
    'O mundo Sandbox "{id}" não existe (já não existe): a sua execução ou sessão foi apagada, ou a demonstração terminou.',
  qaRunStillRunning: 'A execução de cenários ainda está a decorrer: pare-a antes de a apagar.',
  exchangeBodyEmpty: 'o corpo está vazio',
  exchangeBodyMalformed: 'o corpo JSON está cortado ou mal formado',
  exchangeBodyHtml: 'o corpo é uma página HTML, não JSON',
  exchangeBodyNotJson: 'o corpo não é JSON',
  exchangeWaitSeconds: 'o gateway pede para esperar {seconds} s',
  exchangeMayHaveProcessed: 'o gateway pode ter processado o pedido',
  exchangeHttpBut: 'HTTP {status}, mas',
  exchangeNoReturnStatus: 'o corpo não tem returnStatus.statusCode',
  exchangeHttpWithError: 'HTTP {status} com erro',
  exchangeLargerThanCap: 'a resposta é maior do que {bytes} bytes (cortada aí)',
  exchangeNestedTooDeep: 'a resposta tem mais de {levels} níveis de profundidade',
  exchangeItSays: 'indica {fields}',
  exchangeNoCompleteAnswer: 'Sem resposta completa',
  exchangeTimedOut: 'Tempo esgotado',
  exchangeNetworkError: 'Erro de rede',
  exchangeConnectWithin: 'não foi possível ligar em {ms} ms',
  exchangeConnectWithinDeadline: 'não foi possível ligar em {ms} ms (o prazo da chamada)',
  exchangeDeadlineWaiting: 'o prazo de {ms} ms esgotou-se à espera da resposta (ligação e cabeçalhos)',
  exchangeDeadlineReceiving: 'o prazo de {ms} ms esgotou-se a receber o corpo',
  adviceHttp400: 'Corrija a sintaxe do pedido.',
  adviceHttp401: 'Verifique as credenciais no back office e crie um token novo, se for preciso.',
  adviceHttp403: 'Verifique o client id; se o problema continuar, peça ao suporte uma reposição.',
  adviceHttp404: 'O gateway não conhece esta transação: verifique o id da transação e o perfil.',
  adviceHttp405: 'Use o método correto.',
  adviceHttp409: 'A transação não está num estado que permita esta chamada: consulte primeiro o seu estado.',
  adviceHttp429: 'Reduza o ritmo das chamadas.',
  adviceHttp500: 'Tente novamente; contacte o suporte se persistir.',
  adviceHttp503: 'Aguarde e tente novamente mais tarde.',
  adviceHttp5xx: 'Tente novamente mais tarde; contacte o suporte se persistir.',
  adviceHttpOther: 'Compare o pedido com a especificação.',
  adviceOutcomeUnknown:
    'Consulte o estado antes de fazer seja o que for; não reenvie: o gateway pode já ter processado o pedido.',
  adviceOutcomeUnknownCreate:
    'Não reenvie: a encomenda pode existir. Encontre-a pelo seu merchantTransactionId no Histórico ou pela sua notificação, e consulte o estado antes de fazer seja o que for.',
  adviceCheckRawBody: 'Verifique o corpo em bruto e o URL base e o prefixo de caminho do perfil.',
  adviceTryAgainSoon: 'O gateway pede para tentar novamente daqui a pouco.',
  adviceSeeStatusMsg: 'Veja statusMsg e statusDescription.',
  adviceOnlyFieldsShown: 'Só foi possível ler da resposta os campos mostrados.',
  adviceAnswerNotWhole:
    'Não foi possível ler a resposta inteira: verifique o corpo em bruto e, com o operador, o gateway.',
  adviceRetryCheckAvailability: 'Tente novamente; se continuar a falhar, verifique a disponibilidade do gateway.',
  adviceCheckBaseUrl: 'Verifique o URL base e se o gateway está acessível, e tente novamente (nada foi enviado).',
  signaturesUnreadableAll:
    'Não foi possível decifrar as assinaturas de transação guardadas (conservadas em {backup}); as chamadas de seguimento das transações anteriores precisam de uma encomenda nova.',
  signaturesUnreadableSome:
    'Não foi possível decifrar {count} registo(s) de assinatura de transação guardados (conservados em {backup}); as chamadas de seguimento dessas transações precisam de uma encomenda nova.',
  cryptoFieldSecret: 'O segredo do webhook',
  cryptoFieldIv: 'O IV (X-Initialization-Vector)',
  cryptoFieldTag: 'A etiqueta de autenticação (X-Authentication-Tag)',
  cryptoFieldBody: 'O corpo',
  cryptoMissing: '{field}: falta o valor.',
  cryptoBodyEmpty: 'O corpo está vazio: não há nada para decifrar.',
  cryptoNotBase64Length:
    '{field}: não é base64: o comprimento não é válido em base64 (cortado ou com preenchimento errado).',
  cryptoNotBase64Url:
    '{field}: não é base64: usa o alfabeto base64url ("-" ou "_"); o gateway usa base64 normal ("+" e "/").',
  cryptoNotBase64Padding: '{field}: não é base64: tem preenchimento "=" a mais.',
  cryptoNotBase64Char: '{field}: não é base64: tem um carácter que o base64 não usa (na posição {position}).',
  cryptoNotBase64CharShown:
    '{field}: não é base64: tem um carácter que o base64 não usa ({character} na posição {position}).',
  cryptoWrongLength: '{field}: descodifica para {bytes} bytes; o AES-256-GCM aqui precisa de exatamente {expected}.',
  cryptoWrongLengthHex:
    '{field}: descodifica para {bytes} bytes; o AES-256-GCM aqui precisa de exatamente {expected}. Parece hexadecimal; o back office mostra o segredo como texto base64.',
  cryptoAuthFailed:
    'A autenticação falhou: o segredo não é aquele com que esta notificação foi cifrada, ou a etiqueta, o IV ou o corpo foram alterados.',
  cryptoNotUtf8: 'O texto decifrado não é texto UTF-8 válido.',
  cryptoTooDeep: 'O texto decifrado é JSON com mais de {levels} níveis de profundidade.',
  cryptoNotJson: 'O texto decifrado não é JSON ({reason}).',
  simClockRange: 'advanceSeconds: tem de ser um número de segundos de 0 a {max} (400 dias)',
  simTransactionUnknown: 'A transação {transactionId} não existe.',
  simNoExtraStep:
    'A transação {transactionId} não tem um passo extra (actionResponse) por concluir; não pode ficar Partial.',
  simFinalStatus: 'A transação {transactionId} está {from}, um estado final; não pode passar a {to}.',
  simCannotMove: 'A transação {transactionId} não pode passar de {from} para {to}.',
  simNothingToRedeliver: 'Ainda não foi enviada nenhuma notificação de {transactionId}: não há nada a reenviar.',
  evidenceTooLarge:
    'A evidência de uma resposta tem {bytes} bytes; são guardados no máximo {max} bytes. Anexe uma captura de ecrã mais pequena. Nada foi guardado.',
  worldDiscardDemo: 'O mundo da demonstração é descartado com Terminar demonstração, não aqui.',
  worldDiscardNotOwn:
    '"{id}" não é o mundo de uma execução ou de uma sessão de QA: só esses podem ser descartados aqui (nunca a sua Sandbox).',
  proxySandboxProfile:
    '"{name}" é um perfil Sandbox: aponte a loja para a própria Sandbox, cujos mundos registam as suas chamadas. O proxy reencaminha para um ambiente de testes.',
  proxyAlreadyRunning: 'O proxy de gravação já está a correr para "{name}" em {apiUrl}. Pare-o primeiro.',
  proxyNothingRecorded:
    'O proxy não gravou nenhuma chamada da interface que um cenário possa repetir. Nada foi guardado.',
  proxyNoRecording: 'Não há gravação: inicie o proxy e deixe a loja fazer as suas chamadas primeiro.',
  proxyPortInUse: 'A porta {port} está ocupada nesta máquina; escolha outra ou deixe vazio para uma livre.',
  workspaceSchemaTooNew:
    'Este espaço de equipa foi atualizado por uma Gateway Console mais recente (esquema {found}); esta consola só compreende até ao {supported}. Atualize esta consola para o usar. Nada foi alterado.',
  teamUrlNotUrl:
    'O endereço da área de equipa não é um URL: escreva-o como postgres://, seguido do login, do anfitrião, da porta e da base de dados.',
  teamUrlScheme: 'O endereço da área de equipa tem de começar por postgres:// (ou postgresql://).',
  teamUrlOptions:
    'O endereço da área de equipa não aceita opções depois de ? ou #: escolha o TLS na sua própria definição.',
  teamUrlNoLogin: 'O endereço da área de equipa não indica a função de login (o nome antes do anfitrião).',
  teamUrlNoHost: 'O endereço da área de equipa não indica o anfitrião.',
  teamUrlNoDatabase: 'O endereço da área de equipa não indica a base de dados (depois da última /).',
  teamUrlHasPassword:
    'O endereço da área de equipa contém uma palavra-passe: retire-a do endereço e escreva-a no campo da palavra-passe (fica no porta-chaves ou no cofre, nunca num ficheiro). Nada foi guardado.',
  teamCaMissing: 'O TLS verify-full precisa do ficheiro do certificado da AC que assinou o certificado do servidor.',
  teamCaUnreadable: 'Não é possível ler o ficheiro do certificado da AC {path} ({reason}).',
  teamNotConfigured: 'Não está configurada nenhuma área de equipa: a consola trabalha sozinha.',
  teamNoPassword:
    'Não há palavra-passe guardada para o login da área de equipa: escreva-a em Definições › Área de equipa.',
  teamLoginRefused: 'A base de dados recusou o login da área de equipa ou a sua palavra-passe.',
  teamUnreachable:
    'Não é possível contactar a área de equipa ({reason}); o trabalho fica em fila aqui e é partilhado ao religar.',
  teamDisconnected: 'Desligado da área de equipa; o trabalho fica em fila aqui até voltar a ligar.',
  teamConnectionLost: 'Perdeu-se a ligação à área de equipa; a religar. Entretanto, o trabalho fica em fila aqui.',
  teamWriteRefused:
    'A área de equipa recusou {count} entradas em fila (a última: SQLSTATE {sqlState}, p. ex. uma nota fora do seu âmbito): continuam em fila aqui e nos ficheiros desta consola.',
  teamWriteWaiting:
    '{count} entradas em fila referem transações que a área de equipa não tem (ou que este login não pode ver): continuam em fila e são tentadas de novo na próxima ligação.',
  teamTlsRefused:
    'O certificado da área de equipa não é validado pelo ficheiro da AC ({reason}): a consola não ligou, por isso nada foi enviado. Verifique o ficheiro da AC e o nome do anfitrião.',
  teamOffline: 'A área de equipa não está ligada: pesquise-a quando estiver (Definições › Área de equipa).',
  teamPasswordLocked:
    'A palavra-passe do login da área de equipa está no porta-chaves ou no cofre, que não pode ser lido agora (bloqueado): a consola liga-se sozinha assim que for desbloqueado.',
  teamRevealNotAllowed:
    'A área de equipa recusou registar esta revelação: só os responsáveis podem revelar dados de clientes. Nada foi revelado.',
  teamRevealUnreachable:
    'A área de equipa não conseguiu registar esta revelação ({reason}): uma revelação nunca é mostrada sem o seu registo de auditoria, por isso nada foi revelado. Tente de novo quando a área de equipa estiver acessível.',
  teamRevealRefused:
    'A área de equipa recusou registar esta revelação (SQLSTATE {sqlState}, p. ex. a transação está fora do seu âmbito lá): nada foi revelado.',
  teamAuditLeadsOnly: 'Só os responsáveis podem ler o registo de auditoria: a área de equipa recusou este login.',
  teamAuditBrokenContent:
    'A entrada seq {seq} foi alterada depois de escrita: o seu conteúdo já não corresponde ao seu hash.',
  teamAuditBrokenLink:
    'A entrada seq {seq} não segue a entrada seq {previousSeq}: uma entrada entre elas foi removida ou inserida, ou a anterior foi reescrita.',
  teamAuditBrokenFirst: 'A entrada seq {seq} não inicia a cadeia: uma entrada anterior foi removida.',
  teamAuditBrokenOrder: 'A entrada seq {seq} vem depois da seq {previousSeq}: os números de sequência têm de aumentar.',
  teamAuditBrokenTail:
    'O registo termina na seq {previousSeq}, mas a base de dados registou a entrada seq {seq} como a mais recente: as entradas mais recentes foram removidas.',
  shopWebhookInvalid:
    'O URL do webhook da loja tem de ser um endereço http:// ou https:// sem nome de utilizador nem palavra-passe ({reason}). O anterior mantém-se.',
  shopNeedsSimulator: 'O mundo da loja vive no simulador integrado, que não está a correr.',
  shopSessionNotOwner:
    'A sessão de teste "{name}" não foi iniciada no mundo da loja, por isso não tem tráfego da loja para certificar. Inicie uma sessão num perfil “Shop under test”.',
  shopPortChanged:
    'A Sandbox não conseguiu voltar a usar a porta {port} (outro programa usa-a): o URL base da loja mudou para {url}. Atualize a configuração da loja.',
};

export default mainTextPt;
