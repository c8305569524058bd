/** The API calls of the app-wide machines, one chunk loaded on the first of them (actors.ts). */
export { getSession, logIn, logOut } from '../api/auth'
export { getConfig } from '../api/config'
export { agreeTerms } from '../api/user'
