/** Whether this browser can make and use passkeys (WebAuthn, ADR 0059). */
export const passkeysSupported = () => typeof window.PublicKeyCredential === 'function';
