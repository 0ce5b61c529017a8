/** What other parts of the app may use from the payment feature (the /payment route loads its page directly). */
export { usePaymentAddresses, type PaymentAddress } from './api/list-payment-addresses';
export {
  usePaymentSetting,
  useChangePaymentSetting,
  type PaymentSetting,
  type PaymentSettingChange,
} from './api/payment-setting';
