/**
 * What other modules and the app may use of users: finding and saving one, serialising one's
 * writes, the routes.
 */
export { userRoutesPlugin } from './plugin.js';
export {
  findSignedInUser,
  findUserByEmail,
  findUserById,
  insertUser,
  setPasswordHash,
} from './repository.js';
export { serialiseUserWrites } from './service.js';
