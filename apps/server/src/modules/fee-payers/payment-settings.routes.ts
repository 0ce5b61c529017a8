import {
  doneReply,
  paymentBindingBody,
  paymentChangeableQuery,
  paymentGenerateBody,
  paymentGenerateReply,
  paymentRefundBody,
  paymentSentReply,
  paymentSettingReply,
  paymentSpeedUpBody,
  paymentSwitchBody,
  refundFeeQuery,
  refundFeeReply,
} from '@keystead/contract';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { commandContext } from '../../lib/command-context';
import { replies } from '../../lib/replies';
import { inSpace } from '../../plugins/access-rules';
import { refundFee, refundPayment, speedUpPayment } from './payment-refunds';
import { bindPayment, generatePaymentAddress, paymentSetting, switchPayment } from './payment-settings';

const tags = ['payment'];
const manage = { access: inSpace('payment.manage') };

/**
 * The EVM payment addresses' settings (§7 /wallets/payment/*): create one, bind a wallet to it
 * and switch the wallet's payment on, refund what is left, speed up a stuck send. Admins only;
 * every change takes the e-mail code of its purpose.
 */
export async function paymentSettingsRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  app.post(
    '/wallets/payment/generate',
    {
      config: manage,
      schema: {
        body: paymentGenerateBody,
        response: replies(paymentGenerateReply),
        tags,
        summary: 'Create an EVM payment address (its key is generated and sealed by the server)',
      },
    },
    async (request, reply) =>
      reply.ok(await generatePaymentAddress(ctx, commandContext(request), request.body)),
  );

  app.post(
    '/wallets/payment/switch',
    {
      config: manage,
      schema: {
        body: paymentSwitchBody,
        response: replies(doneReply),
        tags,
        summary: 'Turn a wallet’s payment (gas sponsoring) on or off',
      },
    },
    async (request, reply) => {
      await switchPayment(ctx, commandContext(request), request.body);
      return reply.ok({});
    },
  );

  app.post(
    '/wallets/payment/binding',
    {
      config: manage,
      schema: {
        body: paymentBindingBody,
        response: replies(doneReply),
        tags,
        summary: 'Bind an EVM wallet to a payment address of its space, or unbind it',
      },
    },
    async (request, reply) => {
      await bindPayment(ctx, commandContext(request), request.body);
      return reply.ok({});
    },
  );

  app.get(
    '/wallets/payment/changeable',
    {
      config: manage,
      schema: {
        querystring: paymentChangeableQuery,
        response: replies(paymentSettingReply),
        tags,
        summary: 'A wallet’s payment setting and the payment addresses it may bind',
      },
    },
    async (request, reply) =>
      reply.ok(await paymentSetting(ctx, commandContext(request), request.query.wallet_id)),
  );

  app.get(
    '/wallets/payment/refund-fee',
    {
      config: manage,
      schema: {
        querystring: refundFeeQuery,
        response: replies(refundFeeReply),
        tags,
        summary: 'What a refund from a payment address costs now, and the most it can send back',
      },
    },
    async (request, reply) => reply.ok(await refundFee(ctx, commandContext(request), request.query)),
  );

  app.post(
    '/wallets/payment/refund',
    {
      config: manage,
      schema: {
        body: paymentRefundBody,
        response: replies(paymentSentReply),
        tags,
        summary: 'Send coin back from a payment address (signed by the server)',
      },
    },
    async (request, reply) => reply.ok(await refundPayment(ctx, commandContext(request), request.body)),
  );

  app.post(
    '/wallets/payment/speed-up',
    {
      config: manage,
      schema: {
        body: paymentSpeedUpBody,
        response: replies(paymentSentReply),
        tags,
        summary: 'Send a pending refund or sponsored execution again with higher fees',
      },
    },
    async (request, reply) =>
      reply.ok(await speedUpPayment(ctx, commandContext(request), request.body.record_id)),
  );
}
