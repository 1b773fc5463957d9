import { FilterXSS } from 'xss';

const description = new FilterXSS({
  whiteList: {
    p: [], br: [], strong: [], b: [], em: [], i: [], u: [], ul: [], ol: [], li: [],
    h3: [], h4: [], span: [], a: ['href', 'title'],
  },
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style'],
});

/**
 * Product descriptions are HTML: a small allow-list survives, no script ever
 * does. The server cleans what it stores; the page cleans what it shows with
 * the same rules, on the server's render and in the browser alike.
 */
export const sanitizeDescription = (html: string) => description.process(html).trim();
