import { createPinia } from 'pinia';
import { createApp } from 'vue';
import App from './App.vue';
import './components/global.css';
import { i18n } from './i18n';
import { createConsoleRouter } from './router';

createApp(App).use(createPinia()).use(i18n).use(createConsoleRouter()).mount('#app');
