/**
 * The PortOne browser SDK, loaded only when the server chose the `portone` provider (the sandbox
 * sends the browser to its own pages instead). PortOne takes the amount the server registered.
 */
const SDK_URL = 'https://cdn.portone.io/v2/browser-sdk.js';

interface PortOneSdk {
  requestPayment(params: Record<string, unknown>): Promise<unknown>;
}

function loadSdk(): Promise<PortOneSdk> {
  const existing = (window as { PortOne?: PortOneSdk }).PortOne;
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SDK_URL;
    script.async = true;
    script.onload = () => {
      const sdk = (window as { PortOne?: PortOneSdk }).PortOne;
      if (sdk) resolve(sdk);
      else reject(new Error('PortOne SDK missing'));
    };
    script.onerror = () => reject(new Error('PortOne SDK failed to load'));
    document.head.append(script);
  });
}

/**
 * Opens PortOne's payment window. On mobile PortOne itself returns the browser to the signed
 * result address; on PC the promise settles here and this sends the browser there. Returns an
 * error message when the window could not be used.
 */
export async function payWithPortOne(
  params: Record<string, unknown>,
  returnUrl: string,
): Promise<string | null> {
  let sdk: PortOneSdk;
  try {
    sdk = await loadSdk();
  } catch {
    return '결제창을 열지 못했습니다. 잠시 후 다시 시도해 주세요.';
  }
  // whatever the window says, the result page asks the server (which asks PortOne) what happened
  await sdk.requestPayment(params).catch(() => undefined);
  window.location.assign(returnUrl);
  return null;
}
