import type shopProxyEn from './shop-proxy.en';
import type { SameKeys } from './shape';

/** Painel do proxy de gravação (features/shop/ProxyPanel.vue). */
const shopProxyPt: SameKeys<typeof shopProxyEn> = {
  shopProxy: {
    title: 'Proxy de gravação para um ambiente de testes',
    intro:
      'Aponte a loja para o endereço do proxy em vez do ambiente de testes do gateway: cada chamada é reencaminhada uma vez para o endereço do perfil, respondida como o gateway respondeu e gravada (credenciais mascaradas).',
    profile: 'Reencaminhar para o perfil',
    noProfiles: 'Ainda não há perfil de testes: adicione um em Perfis (a Sandbox grava uma loja por si).',
    port: 'Porta (vazio para uma livre)',
    confirmProduction: 'Escreva o nome do perfil de produção para lhe reencaminhar pagamentos reais',
    start: 'Iniciar proxy',
    stop: 'Parar proxy',
    running: 'A gravar para “{name}” → {target}',
    stopped: 'O proxy não está a correr.',
    address: 'URL base do gateway para a loja',
    copyAddress: 'Copiar o endereço do proxy',
    calls: 'Chamadas gravadas: {count}',
    findings: 'Problemas encontrados até agora: {count}',
    saveHeading: 'Guardar como cenário',
    fileName: 'Nome do ficheiro (guardado em recorded/)',
    scenarioName: 'Nome do cenário',
    save: 'Guardar como cenário',
    saved: '{file} guardado com {steps} passo(s).',
    skipped: '{count} chamada(s) gravada(s) deixada(s) de fora (não repetíveis ou inseguras como dados).',
  },
};

export default shopProxyPt;
