import { paymentConfig } from './config.ts';
import type { PaymentProviderAdapter, PaymentProviderName } from './port.ts';
import { createPortOneAdapter } from './portone.ts';
import { createSandboxAdapter } from './sandbox.ts';

export * from './port.ts';
export { offeredPayTypes } from './config.ts';

const overrides = new Map<PaymentProviderName, PaymentProviderAdapter>();

/** The provider new payments go to: PAYMENT_PROVIDER (default `sandbox`). */
export function activePaymentProvider(): PaymentProviderAdapter {
  const adapter = paymentProvider(paymentConfig().provider);
  if (!adapter) throw new Error(`결제 제공자 ${paymentConfig().provider}를 쓸 수 없습니다.`);
  return adapter;
}

/**
 * The adapter for a provider by name (an order keeps the provider it was paid with). `sandbox` is
 * always there; `portone` only when configured. Undefined when not available.
 */
export function paymentProvider(name: string): PaymentProviderAdapter | undefined {
  const override = overrides.get(name as PaymentProviderName);
  if (override) return override;
  const config = paymentConfig();
  if (name === 'sandbox') return createSandboxAdapter(config);
  if (name === 'portone' && config.portone) return createPortOneAdapter(config.portone);
  return undefined;
}

/** For tests: use this adapter for a provider (undefined restores the default). */
export function usePaymentProviderForTests(
  name: PaymentProviderName,
  adapter: PaymentProviderAdapter | undefined,
): void {
  if (adapter) overrides.set(name, adapter);
  else overrides.delete(name);
}
export { paymentConfig, sandboxActive } from './config.ts';
export { PAY_TYPE_LABELS, WebhookVerificationError } from './port.ts';
export type { PayType, ProviderPayment } from './port.ts';
export { SANDBOX_EVENT, decideSandboxPayment, findSandboxPayment } from './sandbox.ts';
export type { SandboxAction, SandboxPayment } from './sandbox.ts';
