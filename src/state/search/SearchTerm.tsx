import { createContext, useContext, useState, type ReactNode } from 'react';

interface SearchTermValue {
  term: string;
  setTerm(term: string): void;
}

const SearchTermContext = createContext<SearchTermValue>({ term: '', setTerm: () => {} });

/** The navbar's search term, which the overlay shows results for and a card click clears. */
export function SearchTermProvider({ children, initialTerm = '' }: { children: ReactNode; initialTerm?: string }) {
  const [term, setTerm] = useState(initialTerm);
  return <SearchTermContext.Provider value={{ term, setTerm }}>{children}</SearchTermContext.Provider>;
}

export const useSearchTerm = () => useContext(SearchTermContext);
