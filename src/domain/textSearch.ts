/**
 * The admin tables' search box ('Search product...', 'Search user...'): a
 * row matches when its text contains what was typed, ignoring case and the
 * spaces around it; an empty box matches every row.
 */
export function matchesSearch(text: string, query: string): boolean {
  const wanted = query.trim().toLocaleLowerCase('en-US');
  return wanted === '' || text.toLocaleLowerCase('en-US').includes(wanted);
}
