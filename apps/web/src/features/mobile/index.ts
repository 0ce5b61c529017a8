/** What other parts of the app may use from the companion phone signer feature. */
export { PairPhoneModal } from './components/pair-phone-modal';
export { AnswerOnPhone } from './components/answer-on-phone';
