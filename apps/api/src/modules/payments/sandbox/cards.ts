/**
 * The sandbox's test cards. Any number that passes the Luhn check is accepted; a few numbers make
 * later charges behave as a real bank sometimes does, so every path of checkout can be tried by hand
 * and by the tests.
 */
/**
 * '3ds' asks for 3-D Secure when the guest pays at the site and lets the hotel's merchant-initiated
 * charges through, as issuers do under a recurring contract; '3ds_always' asks for it on every charge
 * (an issuer that insists), so a fee that needs the guest's confirmation can be tried too.
 */
export type CardBehaviour = 'approve' | 'decline' | '3ds' | '3ds_always';

export const SANDBOX_CARDS = {
  approve: '4242 4242 4242 4242',
  decline: '4000 0000 0000 0002',
  threeDSecure: '4000 0000 0000 3220',
  threeDSecureAlways: '4000 0027 6000 3184',
} as const;

export function digitsOf(number: string): string {
  return number.replace(/[\s-]/g, '');
}

export function passesLuhn(digits: string): boolean {
  if (!/^\d{13,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function brandOf(digits: string): string {
  if (/^220[0-4]/.test(digits)) return 'mir';
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  return 'card';
}

/** How charges of a saved card behave: declined, confirmed with 3-D Secure, or approved. */
export function behaviourOf(digits: string): CardBehaviour {
  if (digits === digitsOf(SANDBOX_CARDS.decline)) return 'decline';
  if (digits === digitsOf(SANDBOX_CARDS.threeDSecure)) return '3ds';
  if (digits === digitsOf(SANDBOX_CARDS.threeDSecureAlways)) return '3ds_always';
  return 'approve';
}

/**
 * "12/30", "12/2030", or as a phone keyboard types it without the slash, "1230" or "122030"
 * (also "12 30", "12-30", "12.30") → month and four-digit year, or null.
 */
export function parseExpiry(value: string, now: Date): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*[/.\- ]\s*(\d{2}|\d{4})\s*$/.exec(value) ?? /^\s*(\d{2})(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  const endOfMonth = Date.UTC(year, month, 1);
  if (endOfMonth <= now.getTime() || year > now.getUTCFullYear() + 20) return null;
  return { month, year };
}

/**
 * The sandbox's card tokens carry the card's behaviour and last four digits: the sandbox is the
 * provider, and the format of its tokens is its own business.
 */
export function tokenFor(behaviour: CardBehaviour, last4: string, random: string): string {
  return `sandbox_${behaviour}_${last4}_${random}`;
}

export function readToken(token: string): { behaviour: CardBehaviour; last4: string } | null {
  const match = /^sandbox_(approve|decline|3ds_always|3ds)_(\d{4})_[0-9a-f]{16,64}$/.exec(token);
  return match ? { behaviour: match[1] as CardBehaviour, last4: match[2]! } : null;
}
