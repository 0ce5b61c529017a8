import '../../node-globals';
import sdkModule from '@onekeyfe/hd-common-connect-sdk';
import type { OneKeyApi } from './onekey';

/**
 * The SDK object. The package is CommonJS with its object as `exports.default`: a bundler hands
 * that over as the default import, Node's own loader (the tests) the whole `exports`.
 */
const HardwareSDK = (sdkModule as unknown as { default?: typeof sdkModule }).default ?? sdkModule;

/**
 * OneKey's hardware SDK for pages (@onekeyfe/hd-common-connect-sdk), loaded with the first use of
 * the connector (this module is imported dynamically; node-globals first, since its transports
 * use a global Buffer). It runs in the page and reaches the device over WebUSB where the browser
 * has it (Chromium), else through OneKey Bridge on this computer; it fetches no remote
 * configuration (fetchConfig: false). A PIN and a passphrase are entered on the device.
 * (OneKey's other browser entry, @onekeyfe/hd-web-sdk, runs in an iframe that refuses origins
 * outside OneKey's own list.)
 */
export async function startOneKeySdk(useWebUsb: boolean): Promise<OneKeyApi> {
  const started = await HardwareSDK.init({
    env: useWebUsb ? 'webusb' : 'web',
    debug: false,
    fetchConfig: false,
  });
  if (!started) throw new Error('the OneKey SDK did not start');
  HardwareSDK.on('UI_EVENT', (message: { type?: string }) => {
    if (message.type === 'ui-request_pin')
      HardwareSDK.uiResponse({ type: 'ui-receive_pin', payload: '@@ONEKEY_INPUT_PIN_IN_DEVICE' });
    if (message.type === 'ui-request_passphrase')
      HardwareSDK.uiResponse({
        type: 'ui-receive_passphrase',
        payload: { value: '', passphraseOnDevice: true, save: false },
      });
  });
  return HardwareSDK as unknown as OneKeyApi;
}
