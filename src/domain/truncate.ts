import { CUT } from './constants';

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

export const cutName = (name: string) => truncate(name, CUT.name);
export const cutEmail = (email: string) => truncate(email, CUT.email);
export const cutAddress = (address: string) => truncate(address, CUT.address);
