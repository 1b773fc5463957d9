/** The patterns of spec section 5. */
export const PATTERNS = {
  /** A plain address (DECISIONS.md): a local part of letters, digits and . _ % + -, a domain of labels with a dot; at most 254 characters. */
  email: /^(?=.{3,254}$)[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}$/,
  /** 6-20, one lower-case letter and one digit, none of : & . ~ or whitespace (DECISIONS.md: the provider refuses fewer than 6). */
  password: /^(?=.*[a-z])(?=.*\d)[^:&.~\s]{6,20}$/,
  username: /^[A-Za-z][A-Za-z0-9]{7,14}$/,
  /** Letters only; accented lower-case letters and ñ allowed. */
  letters: /^[A-Za-zß-öø-ÿ]+$/,
  digits: /^\d+$/,
  productName: /^[A-Za-zÀ-ÖØ-öø-ÿ0-9 .,'&()!+-]{3,60}$/,
  productNumber: /^[\d.]{1,20}$/,
  personName: /^[A-Za-zÀ-ÖØ-öø-ÿ ]{1,40}$/,
  phone: /^\d{7,14}$/,
  numeric: /^\d{1,3}$/,
  link: /\b(?:https?:\/\/|www\.)\S+/i,
  /** A picture on the shop's own origin (/uploads/..., /images/...; never `//` or `/\\`, which browsers read as another host), an https URL, or the in-browser mock backend's blob: URL. */
  pictureUrl: /^(\/[^/\\\s]\S*|https:\/\/\S+|blob:\S+)$/,
} as const;

export const isEmail = (value: string) => PATTERNS.email.test(value.trim());
export const isPassword = (value: string) => PATTERNS.password.test(value);
export const containsLink = (text: string) => PATTERNS.link.test(text);
/** Never javascript:, data:, plain http or a protocol-relative URL. */
export const isPictureUrl = (value: string) => PATTERNS.pictureUrl.test(value);
