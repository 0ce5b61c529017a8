export * from './independent.js';
