import { parse } from 'yaml';
import contractText from '~/openapi.yaml?raw';
import type { OpenApiDocument } from './contract';

/** openapi.yaml, read once; both backends route and validate from it. */
export const contractDocument = parse(contractText) as OpenApiDocument;
