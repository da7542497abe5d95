/** Checks of a card's own digits, the same in the card form and on the server. */

/** The Luhn check every real card number passes (digits only). */
export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card is good through the last day of its expiry month (`MM/YY`). */
export function hasExpired(exp: string, now = new Date()): boolean {
  const [month, year] = exp.split('/').map(Number);
  if (!month || year === undefined) return true;
  const endOfMonth = Date.UTC(2000 + year, month, 1);
  return now.getTime() >= endOfMonth;
}
