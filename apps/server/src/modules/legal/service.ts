import type { Operator } from '@shop/contract/legal';
import type { Seller } from '../../seller-config.js';

/** The public part of the configured seller: no bank details, the address as its lines. */
export function operatorOf(seller: Seller): Operator {
  return {
    ...(seller.legalName ? { legalName: seller.legalName } : {}),
    ...(seller.address ? { address: seller.address.split('\n') } : {}),
    ...(seller.taxId ? { taxId: seller.taxId } : {}),
    ...(seller.email ? { email: seller.email } : {}),
    ...(seller.phone ? { phone: seller.phone } : {}),
  };
}
