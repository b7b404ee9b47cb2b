// Real IndexedDB semantics for Dexie in happy-dom.
import 'fake-indexeddb/auto';
