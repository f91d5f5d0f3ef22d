/** Link attributes of an article's alternative link: other sites open in a new tab, our own pages in this one. */
export const alternativeLinkProps = (url: string) =>
  /^https?:\/\//i.test(url) ? { href: url, target: '_blank', rel: 'noopener noreferrer' } : { href: url };
