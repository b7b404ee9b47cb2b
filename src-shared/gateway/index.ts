/** Gateway interface: constants, request validation and lenient response schemas (Node and browser). */
export * from './codes';
export * from './iso-codes';
export * from './order-schema';
export * from './spelling';
export * from './mbway-phone';
export * from './response-schemas';
