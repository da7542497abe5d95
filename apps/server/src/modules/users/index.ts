/** What other modules and the app may use of users: finding and saving one, the routes. */
export { userRoutesPlugin } from './plugin.js';
export {
  findSignedInUser,
  findUserByEmail,
  findUserById,
  insertUser,
  setPasswordHash,
} from './repository.js';
