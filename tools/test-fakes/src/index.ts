// Fakes of third parties that both the HTTP tests and the browser journeys talk to.
export {
  epayFakeSign,
  startEpayFake,
  type EpayCallbackOptions,
  type EpayFake,
  type EpayMerchant,
  type EpaySubmittedOrder,
} from './epay-fake';
export { readMail, type ReadMail } from './mime-reader';
export { startOidcFake, type OidcAccount, type OidcClient, type OidcFake } from './oidc-fake';
export { startSmtpFake, type ReceivedMail, type SmtpFake } from './smtp-fake';
