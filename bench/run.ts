import { benchDecode } from './decode.ts';

await benchDecode();
