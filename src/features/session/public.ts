/** What other features use of the session: who is signed in, and the actions that change it. */
export { appConfigAtom, currentSessionAtom, sessionUserAtom, tokenAtom } from './atoms.ts'
export { applyLoginAtom, signOutAtom, updateSessionUserAtom } from './sign-in.ts'
