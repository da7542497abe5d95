import { zodResolver } from '@hookform/resolvers/zod';
import { AddressBody } from '@shop/contract/addresses';
import { MobileBody } from '@shop/contract/users';

/** My Profile's rules, the API's own; loaded when the form is first used (see lazyRules). */
export const mobileRules = zodResolver(MobileBody);

/** A new delivery address on My Profile, checked by the API's own rules. */
export const addressRules = zodResolver(AddressBody);
