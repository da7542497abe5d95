import { zodResolver } from '@hookform/resolvers/zod';
import { MobileBody } from '@shop/contract/users';

/** My Profile's rules, the API's own; loaded when the form is first used (see lazyRules). */
export const mobileRules = zodResolver(MobileBody);
