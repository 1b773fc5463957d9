import { createContext, useContext } from 'react';

/**
 * The page's dialogs have no Radix trigger of their own (a row menu or the
 * toolbar opens them), so whatever opened one tells the page, which gives
 * it the focus back when the dialog closes.
 */
export const ReturnFocus = createContext<(opener: HTMLElement | null) => void>(() => {});

export const useReturnFocus = () => useContext(ReturnFocus);
