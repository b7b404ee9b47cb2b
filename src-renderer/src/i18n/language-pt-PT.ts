import { datePtPT, ptPT } from 'naive-ui';
import messages from './messages/pt-PT';
import { consoleNaiveLocale } from './naive-locale';

/** Everything the console shows in European Portuguese, fetched as one piece when the language is used. */
export default { messages, naive: consoleNaiveLocale(ptPT, datePtPT, 'Escolha…') };
