import { useState } from 'react';
import { managerSharedDesignApi } from '../../../lib/clients/custom-design.ts';
import { errorMessage, unwrap } from '../../../lib/shop-api-client.ts';

export interface SharedHideButtonProps {
  designId: string;
  name: string;
  hidden: boolean;
}

/** Hides a shared design from /shop/user, or shows it again (decision 034). */
export default function SharedHideButton({ designId, name, hidden: initial }: SharedHideButtonProps) {
  const [hidden, setHidden] = useState(initial);
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  async function toggle() {
    setPending(true);
    setMessage(null);
    try {
      const res = await unwrap(
        managerSharedDesignApi[':designId'].hidden.$put({ param: { designId }, json: { hidden: !hidden } }),
      );
      setHidden(res.data.hidden);
      setMessage(res.data.hidden ? '숨겼습니다.' : '다시 보이게 했습니다.');
    } catch (err) {
      setMessage(errorMessage(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <div aria-busy={pending}>
      <button
        type="button"
        className="button button--secondary"
        aria-pressed={hidden}
        disabled={pending}
        onClick={() => void toggle()}
      >
        {hidden ? '다시 보이기' : '숨기기'}
        <span className="visually-hidden"> ({name})</span>
      </button>
      <p role="status" className="ca-lead">
        {message}
      </p>
    </div>
  );
}
