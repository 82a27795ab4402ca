import { benchDecode } from './decode.ts';
import { benchLanding } from './landing.ts';

await benchDecode();
await benchLanding();
