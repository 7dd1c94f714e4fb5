import { createContext, useContext } from 'react';

/** Runs a checkout call while the screen says WE_VERIFY_YOUR_INFOS (spec 2 §2). */
export type Verify = <T>(work: Promise<T>) => Promise<T>;

export const VerifyContext = createContext<Verify>((work) => work);

export const useVerify = () => useContext(VerifyContext);
