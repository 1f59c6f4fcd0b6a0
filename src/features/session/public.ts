/** What other features use of the session: who is signed in, the config, and the actions that replace them. */
export { appConfigAtom, currentSessionAtom, sessionUserAtom, setSessionAtom, type Session } from './atoms.ts'
export { applyLoginAtom, provideStorage, secureStorageAtom, updateSessionUserAtom } from './sign-in.ts'
