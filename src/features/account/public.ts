/** What other screens use of the account feature: Mine's logout and its way in for a guest. */
export { LogoutEntry } from './logout.tsx'
export { LoginOrRegister } from './require-account.tsx'
