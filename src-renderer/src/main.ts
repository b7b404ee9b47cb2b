import { createPinia } from 'pinia';
import { createApp } from 'vue';
import App from './App.vue';
import { createConsoleRouter } from './router';

createApp(App).use(createPinia()).use(createConsoleRouter()).mount('#app');
