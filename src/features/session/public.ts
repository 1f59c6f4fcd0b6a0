/** What other features use of the session: who is signed in, the config, and the actions that change them. */
export { appConfigAtom, currentSessionAtom, sessionUserAtom, setSessionAtom, tokenAtom, type Session } from './atoms.ts'
export {
  provideStorage,
  secureStorageAtom,
  signInAtom,
  signOutAtom,
  updateSessionUserAtom,
  type LoginCall,
} from './sign-in.ts'
export { credentialStorageKey } from './init.ts'
