import { useId, useState, type SubmitEvent } from 'react';
import { errorMessage } from '../../lib/shop-api-client.ts';
import {
  Field,
  FormMessage,
  focusFirstError,
  focusSoon,
  SubmitButton,
  usePending,
  type Errors,
} from '../auth/form-kit.tsx';
import { saveGuestOrderToken } from '../stores/order-draft.ts';
import { openGuestOrder } from './checkout-api.ts';

type Key = 'orderNo' | 'password';
const ORDER: readonly Key[] = ['orderNo', 'password'];

/**
 * Guest order lookup: the order number and the order password give a 2-hour order token
 * (POST /shop-api/guest/orders/{orderNo}); the order detail page opens with it. Wrong passwords
 * are limited by the server (429 after five in ten minutes).
 */
export default function GuestOrderLookup({ orderNo: initialOrderNo }: { orderNo: string }) {
  const uid = useId();
  const ids = { orderNo: `${uid}-no`, password: `${uid}-pw`, alert: `${uid}-alert` };
  const [orderNo, setOrderNo] = useState(initialOrderNo);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors<Key>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, run] = usePending();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const no = orderNo.replace(/\D/g, '');
    const found: Errors<Key> = {
      orderNo: /^\d{8,24}$/.test(no) ? undefined : '주문번호를 확인해 주세요.',
      password: password ? undefined : '주문 비밀번호를 입력해 주세요.',
    };
    setErrors(found);
    setFormError(null);
    if (focusFirstError(found, ORDER, (k) => ids[k])) return;
    await run(async () => {
      try {
        const res = await openGuestOrder(no, password);
        saveGuestOrderToken(no, res.guestToken, res.expireIn);
        window.location.assign(`/order/order-detail?orderNo=${encodeURIComponent(no)}`);
      } catch (err) {
        setPassword('');
        setFormError(errorMessage(err));
        focusSoon(ids.alert);
      }
    });
  }

  return (
    <form
      className="af-form"
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      aria-describedby={formError ? ids.alert : undefined}
    >
      <FormMessage id={ids.alert} error={formError} />
      <Field
        id={ids.orderNo}
        label="주문번호"
        required
        inputMode="numeric"
        autoComplete="off"
        value={orderNo}
        error={errors.orderNo}
        onChange={(e) => setOrderNo(e.target.value)}
      />
      <Field
        id={ids.password}
        label="주문 비밀번호"
        required
        type="password"
        autoComplete="current-password"
        value={password}
        error={errors.password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <SubmitButton pending={pending}>주문 조회</SubmitButton>
    </form>
  );
}
