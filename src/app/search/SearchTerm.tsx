import { createContext, useContext, useState, type ReactNode } from 'react';

interface SearchTermValue {
  term: string;
  setTerm(term: string): void;
}

const SearchTermContext = createContext<SearchTermValue>({ term: '', setTerm: () => {} });

/** The navbar's search term, which the overlay shows results for and a card click clears. */
export function SearchTermProvider({ children }: { children: ReactNode }) {
  const [term, setTerm] = useState('');
  return <SearchTermContext.Provider value={{ term, setTerm }}>{children}</SearchTermContext.Provider>;
}

export const useSearchTerm = () => useContext(SearchTermContext);
