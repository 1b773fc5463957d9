/** Every validation message of spec section 5, verbatim; then the few the spec lacks (marked). */
export const MESSAGES = {
  missingFields: 'Missing fields!',
  onlyLetters: 'only letters!',
  tooShort: "it's too short !",
  tooLarge: "it's too large !",
  onlyNumbers: 'only numbers & no spacing!',
  username: 'username is required and must contain 8-15 characters starting with a letter. No spaces',
  email: 'Please insert Valid email pattern',
  /** DECISIONS.md: the spec's 5 becomes 6. */
  password: '6 to 20 characters. at least one lower-case letter and one number. No special Characters',
  passwordsDiffer: 'Passwords do not match',
  registrationInvalid: 'incorrect data, please check form',
  loginInvalid: 'Email or Password incorrect',
  required: 'This field is required',
  productName: 'Minimum 3 and maximum 60 characters',
  productNumber: 'This value cannot be less than 0 and a maximum of 20 digits',
  /** DECISIONS.md: the cap on price and stock. */
  productMax: 'This value cannot be more than 1000000',
  /** Not in the spec: a price is in dollars and cents, so 0.001 is refused rather than rounded to nothing. */
  productCents: 'A price has at most 2 decimals',
  productDiscount: 'you must enter a value between 0 and 100',
  productDescription: 'Minimum 4 and maximum 3000 characters',
  productImage: 'you must upload an image of the product',
  uploadSuccess: 'successful upload',
  discountRange: 'Write a number between 0 - 100',
  resetEmail: 'Please enter your email',
  /** Not in the spec: comments have no rule there beyond the contract's length. */
  commentTooLong: 'Maximum 1000 characters',
} as const;
