export { fetchWebConfig, useWebConfig, webConfigQuery, type WebConfig } from './api/get-web-config';
